import Foundation
import Hummingbird
import Workshop

/// The workshop's HTTP interface. Learners only POST their own batches (join code + their
/// key); everything that reads the room or changes it needs the dashboard token.
package enum WorkshopApp {
    /// `rooms`: the rooms this server serves (one, or several of a shared database); a request
    /// goes to the room whose join code or dashboard token it carries. `joinHosts`: the
    /// addresses learners reach this machine at (empty: the one the dashboard was opened at).
    package static func router(
        rooms: [Room], dashboard: DashboardFiles,
        joinHosts: [String] = [], limits: ConnectionLimits = ConnectionLimits(),
        distribution: PackDistribution? = nil
    )
        -> Router<BasicRequestContext>
    {
        precondition(!rooms.isEmpty, "a server serves at least one room")
        // The room a join code opens; a wrong code is refused (and rate-limited) by the first.
        let joining: @Sendable (String, String) async throws -> Room = { code, source in
            let code = code.uppercased()
            if let room = rooms.first(where: { $0.secrets.matches(upperCasedJoinCode: code) }) { return room }
            try await rooms[0].checkJoinCode(code, from: source)
            return rooms[0]
        }
        let bodySeconds = limits.bodySeconds
        let router = Router(context: BasicRequestContext.self)

        router.get("/") { _, _ in
            text(
                "SegueLab workshop server. Learners join with `seguelab --join LINK --name NAME`; the instructor's dashboard link was printed when the server started.\n"
            )
        }
        router.get("/join/:code") { _, context in
            try await handle {
                let code = try context.parameters.require("code")
                _ = try await joining(code, "join-page")
                return text(
                    "Join this workshop from a terminal:\n\n  seguelab --join <this address> --name \"Your name\"\n\nor type `join <this address> Your name` in the seguelab shell.\n"
                )
            }
        }
        // The served pack, for learners who do not have it: announced with its SHA-256, then
        // the archive itself; both only to someone with the join code.
        router.get("/join/:code/pack") { _, context in
            try await handle {
                _ = try await joining(try context.parameters.require("code"), "pack")
                guard let distribution else { throw RequestFailure(404, "this workshop hands out no pack") }
                return try json(distribution.offer)
            }
        }
        router.get("/join/:code/pack.tgz") { _, context in
            try await handle {
                _ = try await joining(try context.parameters.require("code"), "pack")
                guard let distribution else { throw RequestFailure(404, "this workshop hands out no pack") }
                return Response(
                    status: .ok, headers: [.contentType: "application/gzip", .cacheControl: "no-store"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: distribution.archive)))
            }
        }
        router.post("/api/events") { request, _ in
            try await handle {
                let batch = try await decode(EventBatch.self, from: request, within: bodySeconds)
                let room = try await joining(batch.code, "events")
                return try eventsReply(await room.submit(batch), to: batch)
            }
        }

        // The page itself holds no data: the token stays in the URL's #fragment and the page
        // sends it with each request.
        for (path, file) in [
            ("/dashboard", "index.html"), ("/dashboard.css", "dashboard.css"), ("/dashboard.js", "dashboard.js")
        ] {
            router.get(RouterPath(stringLiteral: path)) { _, _ in
                guard let served = dashboard.files[file] else { return Response(status: .notFound) }
                return Response(
                    status: .ok, headers: [.contentType: served.type, .cacheControl: "no-store"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: served.data)))
            }
        }

        router.get("/api/room") { request, _ in
            try await instructor(request, rooms) { room in
                try json(bytes: await room.snapshot().json(outline: room.outlineJSON))
            }
        }
        router.get("/api/stream") { request, _ in
            try await instructor(request, rooms, allowQueryToken: true) { room in
                let changes = await room.changes()
                let body = ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                    for await version in changes {
                        try await writer.write(ByteBuffer(string: "event: change\ndata: \(version)\n\n"))
                    }
                    try await writer.finish(nil)
                }
                return Response(
                    status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
            }
        }
        router.get("/api/join") { request, _ in
            try await instructor(request, rooms) { room in
                struct Join: Encodable {
                    var code: String
                    var link: String
                }
                return try json(Join(code: await room.record.joinCode, link: await joinLink(request, room, joinHosts)))
            }
        }
        // The join link as a QR code, drawn by Debian's qrencode (libqrencode) when it is there.
        router.get("/api/join.svg") { request, _ in
            try await instructor(request, rooms) { room in
                let svg = try JoinCode.qrSVG(for: await joinLink(request, room, joinHosts))
                return Response(
                    status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: svg)))
            }
        }
        router.get("/api/export.json") { request, _ in
            try await instructor(request, rooms) { room in
                try json(await room.exportReports(), download: "workshop-progress.json")
            }
        }
        router.get("/api/export.csv") { request, _ in
            try await instructor(request, rooms) { room in
                var response = text(await room.exportCSV(), type: "text/csv; charset=utf-8")
                response.headers[.contentDisposition] = "attachment; filename=\"workshop-progress.csv\""
                return response
            }
        }
        router.get("/api/code.json") { request, _ in
            try await instructor(request, rooms) { room in
                try json(await room.latestCode(), download: "workshop-code.json")
            }
        }
        router.post("/api/hands/clear") { request, _ in
            try await instructor(request, rooms) { room in
                struct Body: Decodable { var learner: String }
                try await room.clearHand(of: try await decode(Body.self, from: request, within: bodySeconds).learner)
                return try json(["ok": true])
            }
        }
        router.post("/api/broadcast") { request, _ in
            try await instructor(request, rooms) { room in
                struct Body: Decodable { var text: String }
                try await room.broadcast(try await decode(Body.self, from: request, within: bodySeconds).text)
                return try json(["ok": true])
            }
        }
        router.post("/api/broadcast/withdraw") { request, _ in
            try await instructor(request, rooms) { room in
                struct Body: Decodable { var id: Int }
                try await room.withdrawBroadcast(try await decode(Body.self, from: request, within: bodySeconds).id)
                return try json(["ok": true])
            }
        }
        router.post("/api/learners/remove") { request, _ in
            try await instructor(request, rooms) { room in
                struct Body: Decodable { var learner: String }
                try await room.remove(try await decode(Body.self, from: request, within: bodySeconds).learner)
                return try json(["ok": true])
            }
        }
        router.post("/api/learners/merge") { request, _ in
            try await instructor(request, rooms) { room in
                struct Body: Decodable {
                    var learner: String
                    var into: String
                }
                let body = try await decode(Body.self, from: request, within: bodySeconds)
                try await room.merge(body.learner, into: body.into)
                return try json(["ok": true])
            }
        }
        router.post("/api/room/new") { request, _ in
            try await instructor(request, rooms) { room in
                guard let archive = await room.archiveName() else {
                    throw RequestFailure(409, "this server keeps no data file to start a new room beside")
                }
                let record = try await room.startNew(archive: archive)
                return try json(["joinCode": record.joinCode, "token": record.token, "archive": archive])
            }
        }
        router.post("/api/pacing") { request, _ in
            try await instructor(request, rooms) { room in
                let body = try await decode(PacingChange.self, from: request, within: bodySeconds)
                try await room.pace(
                    solutionsHeld: body.solutionsHeld, openThrough: body.openThrough, gather: body.gather)
                return try json(await room.snapshot().pacing)
            }
        }
        return router
    }

    /// `openThrough` absent: unchanged; null: every lesson open.
    struct PacingChange: Decodable {
        var solutionsHeld: Bool?
        var openThrough: String??
        /// null: withdraws the "go to step".
        var gather: String??

        enum CodingKeys: String, CodingKey { case solutionsHeld, openThrough, gather }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            solutionsHeld = try container.decodeIfPresent(Bool.self, forKey: .solutionsHeld)
            if container.contains(.openThrough) {
                openThrough = .some(try container.decodeIfPresent(String.self, forKey: .openThrough))
            }
            if container.contains(.gather) {
                gather = .some(try container.decodeIfPresent(String.self, forKey: .gather))
            }
        }
    }

    // MARK: - Helpers

    /// The join link learners use: this machine's first address on its networks when serving on
    /// all of them, else the address the dashboard was opened at (its Host).
    static func joinLink(_ request: Request, _ room: Room, _ joinHosts: [String]) async -> String {
        let authority = request.head.authority ?? "127.0.0.1"
        let plain = authority.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".:-[]".contains($0)) }
        let safe = plain ? authority : "127.0.0.1"
        var base = "http://" + safe
        if let host = joinHosts.first {
            let port = safe.split(separator: ":").last.flatMap { Int($0) }
            base = "http://" + host + (port.map { ":\($0)" } ?? "")
        }
        return base + "/join/" + (await room.record.joinCode)
    }

    /// Runs a handler that needs the dashboard token: in the Authorization header, or for the
    /// live stream (EventSource cannot set headers) in `?token=`.
    static func instructor(
        _ request: Request, _ rooms: [Room], allowQueryToken: Bool = false,
        _ body: (Room) async throws -> Response
    ) async throws -> Response {
        try await handle {
            var token: String?
            if let header = request.headers[.authorization], header.hasPrefix("Bearer ") {
                token = String(header.dropFirst("Bearer ".count))
            } else if allowQueryToken, let query = request.uri.queryParameters.get("token") {
                token = query
            }
            guard let token, let room = rooms.first(where: { $0.secrets.matches(token: token) }) else {
                throw RequestFailure(
                    401, "the dashboard token is missing or wrong: open the dashboard link the server printed")
            }
            return try await body(room)
        }
    }

    /// Turns a refused request into its 4xx with a JSON `{"error": ...}`.
    static func handle(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let failure as RequestFailure {
            var body = ["error": failure.message]
            if let reason = failure.reason { body["reason"] = reason }
            var response = try json(body)
            response.status = HTTPResponse.Status(code: failure.status)
            if failure.status == 429 { response.headers[.retryAfter] = "2" }
            return response
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as HTTPResponseError {
            throw error
        } catch {
            // The store failed (a shared database restarting): nothing was acknowledged, and
            // the learner's side keeps the events and sends them again.
            var response = try json(["error": "the workshop cannot store this right now; send it again shortly"])
            response.status = .serviceUnavailable
            response.headers[.retryAfter] = "2"
            return response
        }
    }

    /// The request's JSON body; `within`: seconds the whole body may take to arrive.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, within: Double) async throws -> T {
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            throw RequestFailure(415, "expected a JSON body (Content-Type: application/json)")
        }
        let buffer = try await collect(request, within: within)
        do {
            return try JSONDecoder().decode(type, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw RequestFailure(400, "malformed JSON: " + describe(error))
        } catch {
            throw RequestFailure(400, "malformed JSON")
        }
    }

    /// A body sent a byte at a time is cut off (408) once `within` seconds have passed.
    static func collect(_ request: Request, within seconds: Double) async throws -> ByteBuffer {
        let body = request.body
        let first = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask {
                do {
                    return try await body.collect(upTo: WorkshopLimits.body)
                } catch is CancellationError {
                    return nil
                } catch {
                    throw RequestFailure(413, "the request body is larger than \(WorkshopLimits.body / 1024) KiB")
                }
            }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let first else {
            throw RequestFailure(408, "the request body did not arrive within \(Int(seconds)) s")
        }
        return first
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return keys.isEmpty ? "" : " at " + String(keys.drop(while: { $0 == "." }))
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)'" + path(context)
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "wrong type" + path(context)
        case .dataCorrupted(let context): return "unreadable value" + path(context)
        @unknown default: return "unreadable"
        }
    }

    static func json<T: Encodable>(_ value: T, download: String? = nil) throws -> Response {
        try json(bytes: Array(RoomSnapshot.encoder().encode(value)), download: download)
    }

    /// JSON already encoded.
    static func json(bytes: [UInt8], download: String? = nil) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let download { headers[.contentDisposition] = "attachment; filename=\"\(download)\"" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func text(_ string: String, type: String = "text/plain; charset=utf-8") -> Response {
        Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: string)))
    }
}

/// Where a finished room is kept when a new one starts: beside the data file, dated.
package enum RoomArchive {
    package static func path(for data: String, now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let url = URL(fileURLWithPath: data)
        let base = url.deletingPathExtension().lastPathComponent
        let folder = url.deletingLastPathComponent()
        let stamp = formatter.string(from: now)
        var candidate = folder.appendingPathComponent("\(base)-\(stamp).sqlite").path
        var counter = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = folder.appendingPathComponent("\(base)-\(stamp)-\(counter).sqlite").path
            counter += 1
        }
        return candidate
    }
}

/// The dashboard's page, style and script, read once from the bundled resources.
package struct DashboardFiles: Sendable {
    package struct File: Sendable {
        var type: String
        var data: [UInt8]
    }

    var files: [String: File] = [:]

    package static func bundled() throws -> DashboardFiles {
        guard let folder = Bundle.module.url(forResource: "Dashboard", withExtension: nil) else {
            throw RequestFailure(500, "the dashboard's files are missing from the build")
        }
        var result = DashboardFiles()
        for (name, type) in [
            ("index.html", "text/html; charset=utf-8"), ("dashboard.css", "text/css; charset=utf-8"),
            ("dashboard.js", "text/javascript; charset=utf-8")
        ] {
            result.files[name] = File(
                type: type, data: Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
        return result
    }
}
