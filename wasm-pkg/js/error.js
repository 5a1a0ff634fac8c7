// The one error class of memento-wasm, thrown only for misuse (a bad argument, a refused
// edit); findings about a file are never thrown, they come back as diagnostics.
// This file is an ES module; build.sh writes a CommonJS copy for the Node build.
export class MementoError extends Error {
  constructor(code, message, details) {
    super(message);
    this.name = "MementoError";
    this.code = code;
    this.details = details ?? {};
  }
}
