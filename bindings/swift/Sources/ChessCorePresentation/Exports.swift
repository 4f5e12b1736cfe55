// Importing ChessCorePresentation brings the wrapper and the bindings its API is made of.
@_exported import ChessCoreKit
