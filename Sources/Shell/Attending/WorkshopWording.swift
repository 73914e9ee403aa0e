import Localization
import Workshop

/// The workshop's notices in the learner's words: `WorkshopClient` says what happened as data
/// (`WorkshopNotice`); this layer words it, in the catalog's language. What the server or the
/// instructor said (a reason, a broadcast, a step) is shown as it came.
extension WorkshopNotice {
    package func text(_ catalog: Catalog) -> String {
        switch self {
        case .notQueued(let reason):
            return catalog.text("workshop.notice.not_queued", ["reason": reason])
        case .refused(let reason):
            return catalog.text("workshop.notice.refused", ["reason": reason])
        case .roomFull(let said) where said.isEmpty:
            return catalog.text("workshop.notice.room_full")
        case .roomFull(let said):
            return catalog.text("workshop.notice.room_full_said", ["said": said])
        case .unknownJoinCode:
            return catalog.text("workshop.notice.unknown_code")
        case .reconnected:
            return catalog.text("workshop.notice.reconnected")
        case .unreachable(let why):
            return catalog.text("workshop.notice.unreachable", ["detail": why.text(catalog)])
        case .broadcast(let text, let minutes):
            // The instructor's words go in last, so braces in them are never read as placeholders.
            return catalog.text("workshop.notice.broadcast", ["age": Self.age(minutes, catalog)])
                .replacingOccurrences(of: "{text}", with: text)
        case .gathering(let step, let minutes):
            return catalog.text("workshop.notice.gathering", ["age": Self.age(minutes, catalog), "step": step])
        }
    }

    /// ", 12 minutes ago" for what the instructor said more than a minute before; else nothing.
    static func age(_ minutes: Int?, _ catalog: Catalog) -> String {
        switch minutes {
        case nil: return ""
        case 1: return catalog.text("workshop.notice.age.minute")
        case let minutes? where minutes < 120: return catalog.text("workshop.notice.age.minutes", ["count": minutes])
        case let minutes?: return catalog.text("workshop.notice.age.hours", ["count": minutes / 60])
        }
    }
}

extension WorkshopUnreachable {
    /// Why the server could not be reached, in the catalog's language.
    package func text(_ catalog: Catalog) -> String {
        switch self {
        case .failure(let failure): return failure.text(catalog)
        case .status(let status, let said) where said.isEmpty:
            return catalog.text("workshop.unreachable.status", ["status": status])
        case .status(let status, let said):
            return catalog.text("workshop.unreachable.status_said", ["status": status, "said": said])
        case .notAWorkshop: return catalog.text("workshop.unreachable.not_a_workshop")
        case .other(let description): return description
        }
    }
}

extension WorkshopHTTP.Failure {
    /// Why an exchange with the workshop's server failed, in the catalog's language.
    package func text(_ catalog: Catalog) -> String {
        switch self {
        case .unknownHost(let host): return catalog.text("workshop.http.unknown_host", ["host": host])
        case .refused(let place): return catalog.text("workshop.http.refused", ["place": place])
        case .timedOut(let place, let seconds):
            return catalog.text("workshop.http.timed_out", ["place": place, "seconds": seconds])
        case .tooLarge(let place, let limit):
            return catalog.text("workshop.http.too_large", ["place": place, "size": limit / 1024])
        case .notHTTP(let place): return catalog.text("workshop.http.not_http", ["place": place])
        case .network(let place, let cause):
            return catalog.text("workshop.http.network", ["place": place, "cause": cause])
        }
    }
}
