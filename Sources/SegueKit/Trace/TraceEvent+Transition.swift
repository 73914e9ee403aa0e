extension TraceEvent.Kind {
    /// Whether an event of this kind moves the user between screens or stops the app.
    /// Launching (instantiating the first controller, loading its view, connecting its
    /// containers) is the same in every program, so it is not a transition. A switch without
    /// `default`: a new kind must be placed here.
    public var isTransition: Bool {
        switch self {
        case .shouldPerform, .prepare, .perform, .push, .pop, .present, .dismiss, .showDetail, .warning, .note,
            .embed, .unwind, .unwindAction, .setStack, .selectTab, .exception:
            return true
        case .instantiate, .relationship, .viewDidLoad, .setRoot, .snapshot:
            return false
        }
    }
}

extension TraceEvent {
    /// Whether this event moves the user between screens or stops the app (`Kind.isTransition`).
    public var isTransition: Bool { event.isTransition }
}
