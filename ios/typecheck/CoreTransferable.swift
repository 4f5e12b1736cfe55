// Type-checking stand-in for Apple's CoreTransferable framework, written for
// ios/check-swift-types.sh: declarations only (no behaviour), as much of the API as the app uses,
// with the signatures of the iOS 17 SDK (the app's deployment target). APIs the SDK deprecates
// for iOS 17 are marked deprecated here too, so that the check (warnings as errors) reports them.
// It is not the framework and is never linked into the app.
@_exported import Foundation
@_exported import UniformTypeIdentifiers

/// A type that describes how a `Transferable` item is exported and imported.
public protocol TransferRepresentation<Item>: Sendable {
    associatedtype Item: Transferable
    associatedtype Body: TransferRepresentation
    var body: Body { get }
}

/// A type that can be shared, dragged or pasted.
@preconcurrency
public protocol Transferable: Sendable {
    associatedtype Representation: TransferRepresentation
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

/// Builds a transfer representation from one or more representations.
@resultBuilder
public struct TransferRepresentationBuilder<Item: Transferable> {
    public static func buildExpression<R: TransferRepresentation>(_ content: R) -> R
    where R.Item == Item { content }
    public static func buildBlock<R: TransferRepresentation>(_ content: R) -> R
    where R.Item == Item { content }
    public static func buildBlock<each R: TransferRepresentation>(_ content: repeat each R)
        -> _TupleRepresentation<Item>
    { _TupleRepresentation() }
}

/// Several representations, most preferred first (stand-in).
public struct _TupleRepresentation<Item: Transferable>: TransferRepresentation {
    public var body: Never { fatalError("type-checking stand-in") }
}

extension Never: TransferRepresentation {
    public typealias Item = Never
    public var body: Never { fatalError("type-checking stand-in") }
}

extension Never: Transferable {
    public static var transferRepresentation: Never { return fatalError("type-checking stand-in") }
}

/// A representation through another type's representation.
public struct ProxyRepresentation<Item: Transferable, ProxyRepresentation: Transferable>:
    TransferRepresentation
{
    public var body: Never { fatalError("type-checking stand-in") }
    public init(exporting: @escaping @Sendable (Item) throws -> ProxyRepresentation) {}
    // Deprecated in iOS 17 / macOS 14 (the SDK: "A synchronous exporter should be used instead").
    @available(*, deprecated, message: "A synchronous exporter should be used instead.")
    public init(exporting: @escaping @Sendable (Item) async throws -> ProxyRepresentation) {}
    public init(importing: @escaping @Sendable (ProxyRepresentation) async throws -> Item) {}
    public init(
        exporting: @escaping @Sendable (Item) throws -> ProxyRepresentation,
        importing: @escaping @Sendable (ProxyRepresentation) async throws -> Item
    ) {}
}

/// A representation as binary data of one content type.
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
    public var body: Never { fatalError("type-checking stand-in") }
    public init(
        contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data,
        importing: @escaping @Sendable (Data) async throws -> Item
    ) {}
    public init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {}
    public init(importedContentType: UTType, importing: @escaping @Sendable (Data) async throws -> Item) {}
}

extension String: Transferable {
    public static var transferRepresentation: DataRepresentation<String> {
        DataRepresentation(exportedContentType: .data) { _ in Data() }
    }
}

/// A representation with a suggested file name (stand-in).
public struct _SuggestedFileNameRepresentation<Item: Transferable>: TransferRepresentation {
    public var body: Never { fatalError("type-checking stand-in") }
}

extension TransferRepresentation {
    /// The file name a receiver that writes the item to disk uses (iOS 16).
    public func suggestedFileName(_ fileName: String) -> some TransferRepresentation<Item> {
        _SuggestedFileNameRepresentation<Item>()
    }
    /// The same, per item (iOS 17).
    public func suggestedFileName(_ fileName: @escaping @Sendable (Item) -> String?)
        -> some TransferRepresentation<Item>
    { _SuggestedFileNameRepresentation<Item>() }
}

extension Data: Transferable {
    public static var transferRepresentation: DataRepresentation<Data> {
        DataRepresentation(exportedContentType: .data) { _ in Data() }
    }
}

extension URL: Transferable {
    public static var transferRepresentation: DataRepresentation<URL> {
        DataRepresentation(exportedContentType: .data) { _ in Data() }
    }
}
