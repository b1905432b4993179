// Preloaded into the Auth emulator's process (`node --import`): exegesis, the OpenAPI router the
// emulator is built on, compiles a validator for every operation of the Identity Toolkit API
// before it answers, about two thirds of the emulator's start-up CPU. firebase-tools gives no way
// to set exegesis's own `lazyCompileValidationSchemas` option, so this sets it: each validator is
// compiled the first time its operation is called, and validates exactly as before.
import { createRequire } from 'node:module';

const fromFirebaseTools = createRequire(createRequire(import.meta.url).resolve('firebase-tools'));
const options = fromFirebaseTools('exegesis/lib/options');
const compileOptions = options.compileOptions;
options.compileOptions = (given) =>
  compileOptions({ ...given, lazyCompileValidationSchemas: true });
