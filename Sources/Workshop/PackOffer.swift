import Foundation

/// The pack a workshop is served with, as the server announces it to anyone with the join code:
/// learners who do not have it fetch its archive (`JoinLink.packArchiveURL`) and check it
/// against `sha256` before installing it.
package struct PackOffer: Codable, Sendable, Equatable {
    package var id: String
    package var version: String
    package var title: String
    /// The archive's SHA-256, lowercase hex.
    package var sha256: String
    /// The archive's size in bytes.
    package var bytes: Int

    package init(id: String, version: String, title: String, sha256: String, bytes: Int) {
        self.id = id
        self.version = version
        self.title = title
        self.sha256 = sha256
        self.bytes = bytes
    }

    /// The largest archive a server hands out and a learner accepts.
    package static let maximumBytes = 50 * 1024 * 1024

    /// Why the workshop's pack could not be fetched, in one line.
    package struct Failure: Error, CustomStringConvertible, Equatable {
        package var description: String
    }

    /// What the server at `link` offers, or nil when it offers no pack or does not answer in
    /// time (joining then goes on as before). Thrown at once: no server at that address (the
    /// connection refused) or no such host, where waiting would only delay the same answer.
    package static func announced(at link: JoinLink) throws(WorkshopHTTP.Failure) -> PackOffer? {
        let reply: WorkshopHTTP.Reply
        do {
            reply = try WorkshopHTTP.exchange("GET", link.packURL, connectTimeout: 3, timeout: 5)
        } catch let failure as WorkshopHTTP.Failure {
            switch failure {
            case .refused, .unknownHost: throw failure
            default: return nil
            }
        } catch {
            return nil
        }
        guard reply.status == 200 else { return nil }
        return try? JSONDecoder().decode(PackOffer.self, from: reply.body)
    }

    /// The archive's bytes from the server at `link`, at most the announced size (and never more
    /// than `maximumBytes`); they are the caller's to check against `sha256`.
    package func download(from link: JoinLink) throws(Failure) -> Data {
        guard bytes > 0, bytes <= Self.maximumBytes else {
            throw Failure(
                description: "the workshop's pack '\(id)' is \(bytes) bytes; at most \(Self.maximumBytes) are accepted")
        }
        let reply: WorkshopHTTP.Reply
        do {
            reply = try WorkshopHTTP.exchange("GET", link.packArchiveURL, timeout: 120, maximumReply: bytes)
        } catch {
            throw Failure(description: "the workshop's pack '\(id)' could not be fetched: \(error)")
        }
        guard reply.status == 200 else {
            throw Failure(
                description: "the workshop's pack '\(id)' could not be fetched: the server answered \(reply.status)")
        }
        return reply.body
    }
}

extension JoinLink {
    /// Where the server announces its pack (`PackOffer`, JSON).
    package var packURL: URL { server.appendingPathComponent("join/" + code + "/pack") }
    /// The pack's archive.
    package var packArchiveURL: URL { server.appendingPathComponent("join/" + code + "/pack.tgz") }
}
