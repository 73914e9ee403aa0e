import Foundation
import LessonKit
import Workshop

/// A workshop room: validates and stores learners' events, keeps everyone's state in memory
/// (rebuilt from the store on start), answers the dashboard and tells it when things change.
public actor Room {
    public let outline: RoomOutline
    private let store: any WorkshopStore
    public private(set) var record: RoomRecord
    private var learners: [String: LearnerState] = [:]
    private var records: [String: LearnerRecord] = [:]
    private var order: [String] = []
    private let knownSteps: Set<String>
    private var limiter: RateLimiter
    private var joinAttempts = RateLimiter(perSecond: 2, burst: 20)
    private var listeners: [UUID: AsyncStream<Int>.Continuation] = [:]
    /// Counts changes; the dashboard's live stream sends it, and the page reloads the state.
    public private(set) var version = 0
    static let maximumLearners = 2_000

    /// `learnerRate`: requests per second each learner may make (after a burst of 30); the
    /// learner's side sends at most one request every few seconds when all is well.
    public init(outline: RoomOutline, store: any WorkshopStore, learnerRate: Double = 5) async throws {
        self.limiter = RateLimiter(perSecond: learnerRate, burst: 30)
        self.outline = outline
        self.store = store
        self.knownSteps = Set(outline.stepRefs)
        if let saved = try await store.loadRoom() {
            record = saved
        } else {
            record = RoomRecord.new()
            try await store.saveRoom(record)
        }
        for learner in try await store.learners() {
            records[learner.id] = learner
            learners[learner.id] = LearnerState(id: learner.id, name: learner.name)
            order.append(learner.id)
        }
        for stored in try await store.events() {
            learners[stored.learner]?.apply(stored.event, handsClearedAt: record.handsCleared[stored.learner])
        }
    }

    // MARK: - Learners

    /// Stores a learner's batch; replies with the ids stored (now or earlier) and the news.
    public func submit(_ batch: EventBatch, now: Double = Date().timeIntervalSince1970) async throws -> BatchReply {
        try validate(batch)
        guard limiter.allow(batch.learner, now: now) else {
            throw RequestFailure(429, "too many requests from this learner; slow down and retry")
        }
        let name = batch.name.trimmingCharacters(in: .whitespacesAndNewlines)
        if let known = records[batch.learner] {
            guard Self.sameSecret(known.key, batch.key) else {
                throw RequestFailure(403, "this learner id belongs to someone else")
            }
            if known.name != name {
                records[batch.learner]?.name = name
                learners[batch.learner]?.name = name
                try await store.saveLearner(records[batch.learner]!)
                changed()
            }
        } else {
            guard records.count < Self.maximumLearners else { throw RequestFailure(403, "the room is full") }
            let learner = LearnerRecord(id: batch.learner, name: name, key: batch.key, joined: now)
            try await store.saveLearner(learner)
            // Another request of the same learner may have joined it while this one waited.
            if records[learner.id] == nil {
                records[learner.id] = learner
                learners[learner.id] = LearnerState(id: learner.id, name: name)
                order.append(learner.id)
            }
            changed()
        }
        let added = try await store.append(batch.events.map { StoredEvent(learner: batch.learner, event: $0, received: now) })
        for stored in added {
            learners[stored.learner]?.apply(stored.event, handsClearedAt: record.handsCleared[stored.learner])
        }
        if !added.isEmpty { changed() }
        return BatchReply(acknowledged: batch.events.map(\.id),
                          broadcasts: record.broadcasts.filter { $0.id > batch.seenBroadcast },
                          pacing: record.pacing)
    }

    /// Wrong join codes are rate-limited (per kind of request), so codes cannot be guessed fast;
    /// right ones never wait.
    public func checkJoinCode(_ code: String, from source: String, now: Double = Date().timeIntervalSince1970) throws {
        guard Self.sameSecret(code.uppercased(), record.joinCode) else {
            guard joinAttempts.allow(source, now: now) else {
                throw RequestFailure(429, "too many wrong join codes; wait a minute")
            }
            throw RequestFailure(403, "wrong join code: check the join command the instructor gave")
        }
    }

    private func validate(_ batch: EventBatch) throws {
        guard Self.isIdentifier(batch.learner) else {
            throw RequestFailure(400, "learner: expected 8 to 64 letters, digits or '-'")
        }
        guard batch.key.count >= 32, batch.key.count <= 128, batch.key.allSatisfy(\.isHexDigit) else {
            throw RequestFailure(400, "key: expected 32 to 128 hexadecimal digits")
        }
        let name = batch.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= WorkshopLimits.name else {
            throw RequestFailure(400, "name: expected 1 to \(WorkshopLimits.name) characters")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw RequestFailure(400, "name: control characters are not allowed")
        }
        guard batch.events.count <= WorkshopLimits.eventsPerBatch else {
            throw RequestFailure(413, "at most \(WorkshopLimits.eventsPerBatch) events in one request")
        }
        for (index, event) in batch.events.enumerated() {
            let place = "events[\(index)]"
            guard Self.isIdentifier(event.id) else { throw RequestFailure(400, "\(place).id: expected 8 to 64 letters, digits or '-'") }
            guard event.at.isFinite, event.at > 0 else { throw RequestFailure(400, "\(place).at: expected seconds since 1970") }
            if let step = event.step {
                guard knownSteps.contains(step) else { throw RequestFailure(422, "\(place).step: '\(WorkshopLimits.clip(step, to: 80))' is not a step of this pack") }
            } else if event.kind != .hand {
                throw RequestFailure(400, "\(place).step: missing")
            }
            for (field, text, limit) in [("feedback", event.feedback, WorkshopLimits.feedback), ("problem", event.problem, WorkshopLimits.feedback),
                                         ("code", event.code, WorkshopLimits.code)] {
                if let text, text.count > limit { throw RequestFailure(413, "\(place).\(field): longer than \(limit) characters") }
            }
        }
    }

    static func isIdentifier(_ text: String) -> Bool {
        (8...64).contains(text.count) && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
    }

    /// Compares secrets in time independent of where they differ.
    static func sameSecret(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    // MARK: - The instructor

    public func isInstructor(_ token: String?) -> Bool {
        guard let token else { return false }
        return Self.sameSecret(token, record.token)
    }

    public func clearHand(of learner: String, now: Double = Date().timeIntervalSince1970) async throws {
        guard learners[learner] != nil else { throw RequestFailure(404, "no learner '\(WorkshopLimits.clip(learner, to: 64))'") }
        record.handsCleared[learner] = now
        try await store.saveRoom(record)
        learners[learner]?.handRaised = nil
        changed()
    }

    public func broadcast(_ text: String) async throws {
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty, line.count <= 280, !line.contains(where: \.isNewline) else {
            throw RequestFailure(400, "broadcast: one line of 1 to 280 characters")
        }
        record.broadcasts.append(Broadcast(id: (record.broadcasts.last?.id ?? 0) + 1, text: line))
        try await store.saveRoom(record)
        changed()
    }

    /// Changes what is held back; `gather` sends everyone to a step.
    public func pace(solutionsHeld: Bool?, openThrough: String??, gather: String?) async throws {
        if let openThrough, let lesson = openThrough, !outline.lessons.contains(where: { $0.id == lesson }) {
            throw RequestFailure(422, "openThrough: '\(WorkshopLimits.clip(lesson, to: 80))' is not a lesson of this pack")
        }
        if let gather, !knownSteps.contains(gather) {
            throw RequestFailure(422, "gather: '\(WorkshopLimits.clip(gather, to: 80))' is not a step of this pack")
        }
        if let solutionsHeld { record.pacing.solutionsHeld = solutionsHeld }
        if let openThrough { record.pacing.openThrough = openThrough }
        if let gather { record.pacing.gathering = Pacing.Gathering(id: (record.pacing.gathering?.id ?? 0) + 1, step: gather) }
        try await store.saveRoom(record)
        changed()
    }

    // MARK: - Reading the room

    public func snapshot(now: Double = Date().timeIntervalSince1970) -> RoomSnapshot {
        let states = order.compactMap { learners[$0] }
        var summaries: [String: RoomSnapshot.StepSummary] = [:]
        for ref in outline.stepRefs {
            var summary = RoomSnapshot.StepSummary()
            var feedback: [String: Int] = [:]
            for learner in states {
                if learner.current == ref { summary.here += 1 }
                if let state = learner.steps[ref], ["passed", "skipped"].contains(state.status) { summary.done += 1 }
                if learner.current == ref, learner.isStruggling(now: now) { summary.stuck += 1 }
                if let wrong = learner.lastWrong, wrong.step == ref, let text = wrong.feedback ?? wrong.problem { feedback[text, default: 0] += 1 }
            }
            if let common = feedback.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) {
                summary.commonWrong = common.key
                summary.commonWrongCount = common.value
            }
            summaries[ref] = summary
        }
        let rows = states.map { learner in
            RoomSnapshot.Learner(id: learner.id, name: learner.name, current: learner.current,
                                 struggling: learner.isStruggling(now: now), handRaised: learner.handRaised,
                                 steps: learner.steps, lastWrong: learner.lastWrong, lastEvent: learner.lastEvent)
        }
        return RoomSnapshot(version: version, outline: outline, learners: rows, steps: summaries,
                            broadcasts: Array(record.broadcasts.suffix(5)), pacing: record.pacing)
    }

    /// One `progress --json` report per learner, with the learner's name.
    public func exportReports(now: Date = Date()) -> [ProgressExport.Report] {
        order.compactMap { learners[$0] }.map { learner in
            ProgressExport.Report(pack: outline.pack, packTitle: outline.title, packVersion: outline.version,
                                  learner: learner.name, exported: now, position: learner.current, steps: rows(for: learner))
        }
    }

    /// The same rows as CSV, with a learner column first.
    public func exportCSV() -> String {
        var lines = ["learner," + ProgressExport.csvHeader]
        for learner in order.compactMap({ learners[$0] }) {
            for row in rows(for: learner) {
                lines.append(ProgressExport.csvRecord([learner.name] + ProgressExport.csvFields(row)))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each learner's latest code per exercise.
    public func latestCode() -> [LatestCode] {
        order.compactMap { learners[$0] }.flatMap { learner in
            outline.stepRefs.compactMap { ref in learner.code[ref].map { LatestCode(learner: learner.name, step: ref, code: $0) } }
        }
    }

    public struct LatestCode: Codable, Sendable {
        public var learner: String
        public var step: String
        public var code: String
    }

    private func rows(for learner: LearnerState) -> [ProgressExport.Row] {
        outline.lessons.flatMap { lesson in
            lesson.steps.map { step in
                let state = learner.steps[lesson.id + "/" + step.id]
                return ProgressExport.Row(lesson: lesson.id, lessonTitle: lesson.title, step: step.id, stepTitle: step.title,
                                          kind: step.kind, status: state?.status ?? "unseen", attempts: state?.attempts ?? 0,
                                          hintsUsed: state?.hints ?? 0, solutionShown: state?.solution ?? false,
                                          secondsSpent: Int((state?.seconds ?? 0).rounded()))
            }
        }
    }

    // MARK: - Live updates

    /// The room's version, now and after every change, until the stream is dropped.
    public func changes() -> AsyncStream<Int> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(version)
        listeners[id] = continuation
        // A beat every 15 s: writing it is how a closed dashboard's connection is noticed and freed.
        let heartbeat = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 15_000_000_000)
                guard let self else { return }
                continuation.yield(await self.version)
            }
        }
        continuation.onTermination = { [weak self] _ in
            heartbeat.cancel()
            Task { await self?.removeListener(id) }
        }
        return stream
    }

    private func removeListener(_ id: UUID) { listeners[id] = nil }

    private func changed() {
        version += 1
        for listener in listeners.values { listener.yield(version) }
    }
}

/// What the dashboard shows, as JSON. Names are data: the page puts them in as text.
public struct RoomSnapshot: Codable, Sendable {
    public struct Learner: Codable, Sendable {
        var id: String
        var name: String
        var current: String?
        var struggling: Bool
        var handRaised: Double?
        var steps: [String: LearnerState.StepState]
        var lastWrong: LearnerState.Wrong?
        var lastEvent: Double
    }

    public struct StepSummary: Codable, Sendable {
        var here = 0
        var done = 0
        var stuck = 0
        var commonWrong: String?
        var commonWrongCount = 0
    }

    public var version: Int
    public var outline: RoomOutline
    public var learners: [Learner]
    public var steps: [String: StepSummary]
    public var broadcasts: [Broadcast]
    public var pacing: Pacing
}
