// The contact details of each contact file, as the build writes them and the smart contact section
// fetches them: content/{name}.json.
export const contactDataPath = (name: string) => `content/${name}.json`;
