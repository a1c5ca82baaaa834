/// What the system looks at before granting a pointer lock (WWDC20 10094 "Handle trackpad and mouse input"): on iPadOS
/// the scene must fill the screen (no Split View or Slide Over) and be foreground-active; on Mac
/// Catalyst the app must be frontmost. TouchSynth's virtual screen holds one full-screen app, so all start true.
public struct SceneConditions: Equatable, Sendable {
    public var isFullScreen: Bool
    public var isForegroundActive: Bool
    public var isFrontmost: Bool

    public init(isFullScreen: Bool = true, isForegroundActive: Bool = true, isFrontmost: Bool = true) {
        self.isFullScreen = isFullScreen
        self.isForegroundActive = isForegroundActive
        self.isFrontmost = isFrontmost
    }
}

/// The system's decision: given the app's `prefersPointerLocked` and the scene conditions, is
/// the pointer locked?
public struct PointerLockPolicy: Sendable {
    public let grantsLock: @Sendable (_ prefersPointerLocked: Bool, _ scene: SceneConditions) -> Bool

    public init(grantsLock: @escaping @Sendable (_ prefersPointerLocked: Bool, _ scene: SceneConditions) -> Bool) {
        self.grantsLock = grantsLock
    }

    /// iPadOS's rule: locked when the app prefers it and its scene fills the screen and is
    /// foreground active.
    public static let system = PointerLockPolicy { prefers, scene in
        prefers && scene.isFullScreen && scene.isForegroundActive
    }

    /// Mac Catalyst's rule: locked when the app prefers it and is frontmost.
    public static let macCatalyst = PointerLockPolicy { prefers, scene in prefers && scene.isFrontmost }

    /// Never locks, like a scene whose `pointerLockState` is nil.
    public static let never = PointerLockPolicy { _, _ in false }
}

/// `UIPointerLockState` with its inputs. The policy is re-evaluated whenever the preference or
/// the scene changes, because the system re-evaluates continuously and apps must observe
/// `isLocked` rather than assume their preference was granted.
public struct PointerLock: Sendable {
    public let policy: PointerLockPolicy
    /// The app's `prefersPointerLocked`.
    public private(set) var prefersPointerLocked = false
    public private(set) var scene = SceneConditions()
    /// `UIPointerLockState.isLocked`: the system's decision.
    public private(set) var isLocked = false

    public init(policy: PointerLockPolicy) {
        self.policy = policy
    }

    /// Returns whether `isLocked` changed.
    public mutating func setPrefersPointerLocked(_ prefers: Bool) -> Bool {
        prefersPointerLocked = prefers
        return reevaluate()
    }

    /// Returns whether `isLocked` changed.
    public mutating func updateScene(_ scene: SceneConditions) -> Bool {
        self.scene = scene
        return reevaluate()
    }

    private mutating func reevaluate() -> Bool {
        let granted = policy.grantsLock(prefersPointerLocked, scene)
        defer { isLocked = granted }
        return granted != isLocked
    }
}
