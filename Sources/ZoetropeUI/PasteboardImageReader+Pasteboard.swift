#if canImport(UniformTypeIdentifiers) && (canImport(UIKit) && !os(watchOS) || canImport(AppKit))
import Foundation
import UniformTypeIdentifiers
import Zoetrope
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

extension PasteboardImageReader {
    /// The pasteboard types read: those that are images (`public.gif`, `public.png`,
    /// `org.webmproject.webp`, any `public.image`) and generic data, which GIF keyboards use.
    public static func readsType(_ identifier: String) -> Bool {
        guard let type = UTType(identifier) else { return false }
        return type.conforms(to: .image) || type == .data
    }

    #if canImport(UIKit)
    /// The image to insert from `pasteboard`'s first item: the best animated representation, else
    /// a still one (see ``PasteboardImageReader/read(_:)``); `nil` when it holds no GIF, PNG or WebP.
    /// Not on tvOS, which has no pasteboard.
    @available(tvOS, unavailable)
    @MainActor
    public func read(from pasteboard: UIPasteboard) throws(ZoetropeError) -> PastedImage? {
        try read(Self.items(types: pasteboard.types) { pasteboard.data(forPasteboardType: $0) })
    }
    #else
    /// The image to insert from `pasteboard`: the best animated representation, else a still one
    /// (see ``PasteboardImageReader/read(_:)``); `nil` when it holds no GIF, PNG or WebP.
    @MainActor
    public func read(from pasteboard: NSPasteboard) throws(ZoetropeError) -> PastedImage? {
        try read(Self.items(types: (pasteboard.types ?? []).map(\.rawValue)) {
            pasteboard.data(forType: NSPasteboard.PasteboardType($0))
        })
    }
    #endif

    /// The representations of the image types among `types`, in the pasteboard's order.
    private static func items(types: [String], data: (String) -> Data?) -> [PasteboardItem] {
        types.filter(readsType).compactMap { type in
            data(type).map { PasteboardItem(typeIdentifier: type, bytes: [UInt8]($0)) }
        }
    }
}
#endif
