// UIPasteboard, unavailable on tvOS (and watchOS), used in code compiled for tvOS, and the ways of
// keeping it out of tvOS that the check accepts.
#if canImport(UIKit) && !os(watchOS)
import UIKit

@MainActor
func pastedTypes() -> [String] {
    UIPasteboard.general.types // expect(tvOS): UIPasteboard
}

@MainActor
func pastedTypes(in pasteboard: UIPasteboard) -> [String] { // expect(tvOS): UIPasteboard
    pasteboard.types
}

/// Unavailable where UIPasteboard is: may use it.
@available(tvOS, unavailable)
@MainActor
func pastedTypesWhereThereIsAPasteboard() -> [String] {
    UIPasteboard.general.types
}

/// An alias is a use too; once it is unavailable on tvOS, so is every use of it.
@available(tvOS, unavailable)
typealias Source = UIPasteboard

@MainActor
func readsSource(_ source: Source) -> Bool { // expect(tvOS): Source
    source.types.isEmpty
}

#if !os(tvOS)
@MainActor
func excludedFromTVOS() -> [String] {
    UIPasteboard.general.types
}
#endif

/// A member of another type with the same name is no use of UIPasteboard's.
func types(of items: [String: Int]) -> [String] {
    let types = Array(items.keys)
    return types
}
#endif
