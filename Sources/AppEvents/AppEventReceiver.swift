/// Takes app events one at a time, as a running app's event loop does: what
/// ``AppEventTranslator/translate(_:to:)`` hands them to.
public protocol AppEventReceiver: AnyObject {
    /// Handles one event; events come in timestamp order. It must not call back into the
    /// translator that is handing it the event.
    func handle(_ event: AppEvent)
}
