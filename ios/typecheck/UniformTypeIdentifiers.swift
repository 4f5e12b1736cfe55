// Type-checking stand-in for Apple's UniformTypeIdentifiers framework, written for
// ios/check-swift-types.sh: declarations only (no behaviour), as much of the API as the app uses.
// It is not the framework and is never linked into the app.
@_exported import Foundation

/// A uniform type identifier (stand-in).
public struct UTType: Hashable, Sendable {
    public let identifier: String
    public init?(_ identifier: String) { self.identifier = identifier }
    public init?(filenameExtension: String) { self.identifier = "dyn." + filenameExtension }
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.identifier = identifier
    }
    private init(known identifier: String) { self.identifier = identifier }

    public static let data = UTType(known: "public.data")
    public static let text = UTType(known: "public.text")
    public static let plainText = UTType(known: "public.plain-text")
    public static let utf8PlainText = UTType(known: "public.utf8-plain-text")
    public static let json = UTType(known: "public.json")
    public static let url = UTType(known: "public.url")
}

// Apple's Foundation has these (security-scoped URLs from a document picker); the Linux
// swift-corelibs-foundation that this check compiles against does not.
extension URL {
    public func startAccessingSecurityScopedResource() -> Bool { false }
    public func stopAccessingSecurityScopedResource() {}
}
