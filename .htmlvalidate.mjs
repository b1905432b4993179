// html-validate's configuration (quality gate 3 of issue 5: zero errors in every HTML file the
// build writes; `npx html-validate dist` uses it too). The recommended rules, with these changes:
export default {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    // The page shell is React's server renderer, which writes every void element self-closed
    // (<meta/>), while Markdown bodies go through rehype-stringify, which omits the slash (<img>).
    // Both forms are valid HTML; the rule only asks for one style, which two serializers cannot give.
    'void-style': 'off',
    // React writes a few attributes in its own camelCase (charSet, popoverTarget,
    // popoverTargetAction). HTML attribute names are case-insensitive and the parser lowercases
    // them, so the case changes nothing; anything else must still be lowercase or camelCase.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React's server renderer writes a boolean attribute as attr="" (the account forms' noValidate,
    // a submit button disabled until the page is ready); both that and the bare name are valid
    // HTML, and this pins the form React writes.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // The same for `hidden` (the quote form's summary, thank-you, failure and error slots, shown by
    // its script), which html-validate counts as an enumerated attribute rather than a boolean one.
    'attribute-empty-style': ['error', { style: 'empty' }],
    // The generator writes "<!doctype html>" (src/kernel/render/render-site.tsx); the doctype is
    // case-insensitive in HTML, and this pins the lowercase form the generator uses.
    'doctype-style': ['error', { style: 'lowercase' }],
  },
};
