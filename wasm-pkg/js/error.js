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

  // What the wasm-bindgen glue throws itself (build.sh routes its `__wbindgen_throw` here):
  // a method called after `free()` ("null pointer passed to rust"), or an object used while
  // it is in use. Misuse, like the rest.
  static fromGlue(message) {
    if (message === "null pointer passed to rust") {
      return new MementoError("freed", "this object was freed (free() was called): parse or plan the text again", {});
    }
    return new MementoError("invalid-argument", message, {});
  }
}
