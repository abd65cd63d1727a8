// Stand-in for the Accessibility framework: the Animated Images setting the adapters follow. Each
// declaration gives Apple's declaration, the page it was taken from and its availability on the
// platforms Package.swift declares (checked by scripts/apple-availability).
@_exported import Foundation

/// `func AXAnimatedImagesEnabled() -> Bool` (Swift; `@backDeployed(before: macOS 15.0, iOS 18.0, …)`)
/// https://developer.apple.com/documentation/accessibility/axanimatedimagesenabled()
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public func AXAnimatedImagesEnabled() -> Bool { true }

extension NSNotification.Name {
    /// `AXAnimatedImagesEnabledDidChangeNotification` (`extern NSNotificationName const`, imported
    /// into Swift as `NSNotification.Name.AXAnimatedImagesEnabledDidChange`)
    /// https://developer.apple.com/documentation/accessibility/axanimatedimagesenableddidchangenotification
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    public static let AXAnimatedImagesEnabledDidChange = NSNotification.Name("AXAnimatedImagesEnabledDidChangeNotification")
}

/// `struct AccessibilitySettings`
/// https://developer.apple.com/documentation/accessibility/accessibilitysettings
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public struct AccessibilitySettings {
    /// `static var animatedImagesEnabled: Bool { get }`
    /// https://developer.apple.com/documentation/accessibility/accessibilitysettings/animatedimagesenabled
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public static var animatedImagesEnabled: Bool { true }
    /// `static var animatedImagesEnabledDidChangeNotification: Notification.Name { get }`
    /// https://developer.apple.com/documentation/accessibility/accessibilitysettings/animatedimagesenableddidchangenotification
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public static var animatedImagesEnabledDidChangeNotification: Notification.Name { .AXAnimatedImagesEnabledDidChange }
}
