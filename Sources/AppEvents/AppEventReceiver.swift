/// Takes app events one at a time, as a running app's event loop does: what
/// ``AppEventTranslator/translate(_:to:)`` hands them to. Subclass it and override
/// ``handle(_:)``.
///
/// A class rather than a protocol: the translator holds the receiver of a call unretained and
/// calls it with no reference counting, which a class-bound existential does not allow; that
/// retain and release per app event was 5 % of indirect input mode's instructions (tools/cost).
open class AppEventReceiver {
    public init() {}

    /// Handles one event; events come in timestamp order. It must not call back into the
    /// translator that is handing it the event. The default does nothing.
    open func handle(_ event: AppEvent) {}
}
