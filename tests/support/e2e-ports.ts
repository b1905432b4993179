// The browser tests' ports, from the environment so that several copies can run side by side:
// E2E_PORT for the site (default 4173), E2E_AUTH_PORT for the local Auth emulator (default 9098),
// E2E_STORAGE_PORT for the local Storage emulator (default 9198).
export const E2E_PORT = Number(process.env.E2E_PORT || 4173);
export const E2E_AUTH_PORT = Number(process.env.E2E_AUTH_PORT || 9098);
export const E2E_STORAGE_PORT = Number(process.env.E2E_STORAGE_PORT || 9198);
