/// The two ways UIKit delivers the same trackpad or mouse input, chosen by the app's
/// `UIApplicationSupportsIndirectInputEvents` Info.plist key (docs/uikit-behaviour.md).
public enum DeliveryMode: String, Codable, Sendable, CaseIterable {
    /// The key set to NO (or absent, before iOS 17): a pinch or rotation becomes two simulated
    /// touches (`direct` here, as Apple leaves their type unsaid) and clicks are `direct` touches.
    case compatibility = "compat"
    /// The key set to YES (or absent, from iOS 17 on): native transform events and
    /// `indirectPointer` touches (scroll events come in both modes).
    case indirectInput = "indirect"

    /// The touch type of clicks, drags and hover in this mode.
    public var pointerTouchType: TouchType {
        self == .indirectInput ? .indirectPointer : .direct
    }
}
