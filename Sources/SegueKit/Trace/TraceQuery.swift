/// Questions checks ask of a trace: "was a ProductViewController pushed with `product` set?"
extension TraceEvent {
    /// The destination's (or content controller's) property `name`, as captured.
    public func property(_ name: String) -> String? {
        properties?[name]
    }

    /// Whether property `name` was captured with a value other than `nil`.
    public func hasValue(for name: String) -> Bool {
        guard let value = property(name) else { return false }
        return value != "nil"
    }
}

extension Sequence where Element == TraceEvent {
    /// Events of `kind`, optionally only those whose destination is `destination`.
    public func events(_ kind: TraceEvent.Kind, destination: String? = nil) -> [TraceEvent] {
        filter { $0.event == kind && (destination == nil || $0.destination == destination) }
    }

    /// The last `snapshot` event's hierarchy: the end state of a run.
    public var finalSnapshot: HierarchySnapshot? {
        reduce(nil) { last, event in event.snapshot ?? last }
    }
}
