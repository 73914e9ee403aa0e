import Hummingbird
import Workshop

extension WorkshopApp {
    /// The answer to a learner's batch. When a quota refused every event of it, nothing was
    /// stored and the status says so: 413 when each event was too large, else 429 (the
    /// learner's events or the room's storage spent). The body is the same reply, refusals and
    /// all, with `error` and `reason` (the quota's word) added. No `Retry-After`: waiting frees
    /// no quota, and the learner's side drops the refused events. A batch with any event
    /// stored, or refused for another reason, is answered 200 with its refusals.
    static func eventsReply(_ reply: BatchReply, to batch: EventBatch) throws -> Response {
        guard let (status, refusal) = quotaStatus(of: reply, to: batch) else { return try json(reply) }
        var reply = reply
        reply.error = "nothing of this request was stored: " + refusal.reason
        reply.reason = refusal.quota
        var response = try json(reply)
        response.status = HTTPResponse.Status(code: status)
        return response
    }

    /// 413 or 429 and the refusal it names, when a quota refused every event of the batch.
    static func quotaStatus(of reply: BatchReply, to batch: EventBatch) -> (Int, EventRefusal)? {
        let refused = reply.refused ?? []
        guard !batch.events.isEmpty, reply.acknowledged.isEmpty, refused.allSatisfy({ $0.quota != nil }),
            Set(batch.events.map(\.id)).isSubset(of: refused.map(\.id))
        else { return nil }
        if let spent = refused.first(where: { $0.quota != EventRefusal.eventSize }) { return (429, spent) }
        return refused.first.map { (413, $0) }
    }
}
