import Foundation
import LessonKit
import Workshop

/// A workshop room: validates and stores learners' events, keeps everyone's state in memory
/// (rebuilt from the store on start), answers the dashboard and tells it when things change.
package actor Room {
    package let outline: RoomOutline
    private let store: any WorkshopStore
    package private(set) var record: RoomRecord {
        didSet { secrets.set(record) }
    }
    /// The join code and dashboard token, readable without waiting for the room: a server of
    /// many rooms finds the one a request is for.
    package nonisolated let secrets = RoomSecrets()
    /// The store's places of the events applied (stores shared by several servers number them):
    /// an event another server stored is applied once, however it is heard of.
    private var appliedSeqs: Set<Int64> = []
    private var learners: [String: LearnerState] = [:]
    private var records: [String: LearnerRecord] = [:]
    private var order: [String] = []
    private let knownSteps: Set<String>
    /// Every `lesson/step` in pack order, and those that ask for nothing (done once seen).
    private let stepRefs: [String]
    private let readOnlySteps: Set<String>
    /// The outline as JSON: the same in every snapshot of the room, and most of its bytes,
    /// so it is encoded once (see `RoomSnapshot.json(outline:)`).
    package nonisolated let outlineJSON: [UInt8]
    /// What each name shown looks like once case, width and invisible characters are set aside
    /// (`likeness`), kept: the dashboard reads the room about once a second.
    private var likenesses: [String: String] = [:]
    private var limiter: RateLimiter
    private var joinAttempts = RateLimiter(perSecond: 2, burst: 20)
    private var listeners: [UUID: AsyncStream<Int>.Continuation] = [:]
    /// Counts changes; the dashboard's live stream sends it, and the page reloads the state.
    package private(set) var version = 0
    private let quotas: RoomQuotas
    /// Learners being added right now (their row is being stored): they count against the cap.
    private var joining: Set<String> = []
    /// Events stored per learner (by the id they send), and what the room's events weigh.
    private var eventCounts: [String: Int] = [:]
    private var storedBytes = 0
    /// The size of the code kept for each learner and step: only the latest is kept.
    private var codeBytes: [String: Int] = [:]
    /// Events, and their bytes, accepted by requests still storing them: requests of the same
    /// learner that arrive meanwhile count them against the quotas.
    private var reservedEvents: [String: Int] = [:]
    private var reservedBytes = 0

    /// Seconds on a step, while the room works, before a learner shows as stuck.
    package static let defaultStuckAfter = 8.0 * 60
    private let stuckAfter: Double

    /// `learnerRate`: requests per second each learner may make (after a burst of 30); the
    /// learner's side sends at most one request every few seconds when all is well.
    /// `stuckAfter`: seconds on one step before the dashboard shows the learner as stuck.
    package init(
        outline: RoomOutline, store: any WorkshopStore, learnerRate: Double = 5,
        quotas: RoomQuotas = RoomQuotas(), stuckAfter: Double = Room.defaultStuckAfter
    ) async throws {
        self.stuckAfter = stuckAfter
        self.quotas = quotas
        self.limiter = RateLimiter(perSecond: learnerRate, burst: 30)
        self.outline = outline
        self.store = store
        self.stepRefs = outline.stepRefs
        self.knownSteps = Set(stepRefs)
        self.readOnlySteps = Set(
            outline.lessons.flatMap { lesson in lesson.steps.filter { !$0.answered }.map { lesson.id + "/" + $0.id } })
        self.outlineJSON = try RoomSnapshot.encoder().encode(outline).map { $0 }
        // Listening before reading: nothing another server stores meanwhile is missed.
        let remote = store.remoteChanges()
        record = try await store.createRoom(RoomRecord.new())
        secrets.set(record)
        try await rebuild()
        if let remote {
            Task { [weak self] in
                for await change in remote {
                    guard let self else { return }
                    await self.note(change)
                }
            }
        }
    }

    /// Changes heard of and not yet followed, merged: however many notices arrive while the room
    /// reads the store, the next read covers them all at once (one read of the events from the
    /// earliest place told, one of the learners, or one rebuild), so a busy room never falls
    /// behind by one read per notice.
    private var pendingChanges = PendingChanges()
    private var followingChanges = false

    private func note(_ change: StoreChange) {
        pendingChanges.add(change)
        guard !followingChanges else { return }
        followingChanges = true
        Task { await self.followPending() }
    }

    private func followPending() async {
        var attempt = 0
        while let changes = pendingChanges.take() {
            if await follow(changes) {
                attempt = 0
            } else if attempt < 5 {
                // A read that failed (the database busy, or restarting) is tried again as a whole
                // resync a moment later, a few times, so the room does not stay behind the others.
                attempt += 1
                try? await Task.sleep(nanoseconds: UInt64(attempt) * 500_000_000)
                pendingChanges.add(.resync)
            }
        }
        followingChanges = false
    }

    /// Another server changed the room: its events, learners or settings are read and shown.
    /// False when a read failed.
    private func follow(_ changes: PendingChanges) async -> Bool {
        do {
            if changes.everything {
                if let saved = try await store.loadRoom() { record = saved }
                try await rebuild()
                changed()
                return true
            }
            if changes.learners {
                try await followLearners()
                changed()
            }
            if let from = changes.eventsFrom {
                let events = try await store.events(from: from)
                if events.contains(where: { records[$0.learner] == nil }) { try await followLearners() }
                var any = false
                for stored in events where !appliedSeqs.contains(stored.seq ?? -1) {
                    apply(stored)
                    any = true
                }
                if any { changed() }
            }
            return true
        } catch {
            return false
        }
    }

    /// Learners another server added or renamed.
    private func followLearners() async throws {
        for learner in try await store.learners() {
            let known = records[learner.id]
            records[learner.id] = learner
            if known == nil {
                learners[learner.id] = LearnerState(id: learner.id, name: learner.name)
                place(learner.id)
            } else {
                if known?.name != learner.name { learners[learner.id]?.name = learner.name }
                if known?.joined != learner.joined { place(learner.id) }
            }
        }
    }

    /// Puts a learner in the room's order: by when they joined, then by id, as the store lists
    /// them, so every server of a room shows the same order (and join numbers) however and
    /// whenever it heard of each learner.
    private func place(_ id: String) {
        order.removeAll { $0 == id }
        let key = (records[id]?.joined ?? 0, id)
        let index = order.lastIndex { (records[$0]?.joined ?? 0, $0) < key }.map { $0 + 1 } ?? 0
        order.insert(id, at: index)
    }

    /// Where "new room" keeps this one, or nil when its store cannot.
    package func archiveName() -> String? { store.archiveName() }

    /// Submits under way, and whether a rebuild is replacing the state: a rebuild waits for the
    /// submits under way and new ones wait for it, so neither loses what the other did.
    private var submitting = 0
    private var rebuilding = false
    private var gateWaiters: [CheckedContinuation<Void, Never>] = []

    private func waitAtGate() async {
        await withCheckedContinuation { gateWaiters.append($0) }
    }

    private func openGate() {
        let waiting = gateWaiters
        gateWaiters = []
        for waiter in waiting { waiter.resume() }
    }

    /// Every learner's state again from the store (at start, after a merge, after another
    /// server changed the room). Read first, then replaced with no suspension in between: a read
    /// that fails (the database busy or restarting) leaves the room as it was, never empty, and
    /// nothing else on the actor sees it half rebuilt.
    private func rebuild() async throws {
        while rebuilding || submitting > 0 { await waitAtGate() }
        rebuilding = true
        defer {
            rebuilding = false
            openGate()
        }
        let storedLearners = try await store.learners()
        let storedEvents = try await store.events()
        learners = [:]
        records = [:]
        order = []
        eventCounts = [:]
        storedBytes = 0
        codeBytes = [:]
        appliedSeqs = []
        for learner in storedLearners {
            records[learner.id] = learner
            learners[learner.id] = LearnerState(id: learner.id, name: learner.name)
            order.append(learner.id)
        }
        for stored in storedEvents { apply(stored) }
    }

    /// The row a learner's events go to: their own, or the one the instructor merged it into.
    private func row(of learner: String) -> String {
        var id = learner
        var hops = 0
        while let target = record.mergedInto?[id], hops < 16 {
            id = target
            hops += 1
        }
        return id
    }

    private func apply(_ stored: StoredEvent) {
        if let seq = stored.seq, !appliedSeqs.insert(seq).inserted { return }
        eventCounts[stored.learner, default: 0] += 1
        storedBytes += Self.weight(of: stored.event)
        if let step = stored.event.step, let code = stored.event.code {
            let key = stored.learner + "\u{0}" + step
            storedBytes -= codeBytes[key] ?? 0
            codeBytes[key] = code.utf8.count
        }
        let id = row(of: stored.learner)
        learners[id]?.apply(
            stored.event, received: stored.received, clearedThrough: record.handsClearedThrough?[id],
            clearedAt: record.handsCleared[id])
    }

    /// Rows the dashboard shows: not removed, not merged into another.
    private var shown: [LearnerState] {
        let hidden = Set(record.removed ?? []).union((record.mergedInto ?? [:]).keys)
        return order.filter { !hidden.contains($0) }.compactMap { learners[$0] }
    }

    // MARK: - Learners

    /// Stores a learner's batch; replies with the ids stored (now or earlier) and the news.
    /// Each event is acknowledged or refused on its own: one the pack does not know (a step
    /// renamed since) is refused with its reason, and the others are stored.
    package func submit(_ batch: EventBatch, now: Double = Date().timeIntervalSince1970) async throws -> BatchReply {
        try validate(batch)
        guard limiter.allow(batch.learner, now: now) else {
            throw RequestFailure(429, "too many requests from this learner; slow down and retry")
        }
        while rebuilding { await waitAtGate() }
        submitting += 1
        defer {
            submitting -= 1
            openGate()
        }
        var accepted: [WorkshopEvent] = []
        var refused: [EventRefusal] = []
        // Quotas refuse events one by one, like any event the room cannot keep: the learner's
        // side drops them (and says so once) instead of sending them again forever.
        var count = (eventCounts[batch.learner] ?? 0) + (reservedEvents[batch.learner] ?? 0)
        let before = storedBytes + reservedBytes
        var bytes = before
        var kept: [String: Int] = [:]
        var places: [String: String] = [:]
        for (index, event) in batch.events.enumerated() {
            let place = "events[\(index)]"
            if let refusal = problem(with: event, at: place) {
                refused.append(refusal)
                continue
            }
            guard count < quotas.eventsPerLearner else {
                refused.append(quotaRefusal(.learnerEvents, of: event.id, at: place))
                continue
            }
            // A new version of an exercise's code replaces the one kept.
            var weight = Self.weight(of: event)
            let key = event.step.map { batch.learner + "\u{0}" + $0 }
            if let key, event.code != nil { weight -= kept[key] ?? codeBytes[key] ?? 0 }
            guard weight <= 0 || bytes + weight <= quotas.roomBytes else {
                refused.append(quotaRefusal(.roomBytes, of: event.id, at: place))
                continue
            }
            places[event.id] = place
            accepted.append(event)
            count += 1
            bytes += weight
            if let key, let code = event.code { kept[key] = code.utf8.count }
        }
        // A stranger whose every event is refused is not added to the room.
        if records[batch.learner] == nil, !batch.events.isEmpty, accepted.isEmpty {
            return BatchReply(acknowledged: [], refused: refused, broadcasts: [], pacing: record.pacing, now: now)
        }
        // Held until the events are stored and counted (or not): the store is awaited below.
        let (heldEvents, heldBytes) = (accepted.count, bytes - before)
        reservedEvents[batch.learner, default: 0] += heldEvents
        reservedBytes += heldBytes
        defer {
            reservedEvents[batch.learner, default: 0] -= heldEvents
            if reservedEvents[batch.learner] == 0 { reservedEvents[batch.learner] = nil }
            reservedBytes -= heldBytes
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
            // Counted before storing: requests that arrive while this one waits see it.
            if !joining.contains(batch.learner) {
                guard records.count + joining.count < quotas.learners else {
                    throw RequestFailure(403, "the room is full (\(quotas.learners) learners)", reason: "room-full")
                }
                joining.insert(batch.learner)
            }
            let learner = LearnerRecord(id: batch.learner, name: name, key: batch.key, joined: now)
            let added: Bool
            do {
                // The store counts again in its transaction: other servers add to the room too.
                added = try await store.addLearner(learner, limit: quotas.learners)
            } catch {
                joining.remove(batch.learner)
                throw error
            }
            joining.remove(batch.learner)
            guard added else {
                throw RequestFailure(403, "the room is full (\(quotas.learners) learners)", reason: "room-full")
            }
            // Another request of the same learner may have joined it while this one waited.
            if records[learner.id] == nil {
                records[learner.id] = learner
                learners[learner.id] = LearnerState(id: learner.id, name: name)
                place(learner.id)
            }
            changed()
        }
        // The store counts again in its transaction: other servers store into the room too.
        let stored = try await store.append(
            accepted.map {
                StoredEvent(learner: batch.learner, event: $0, received: now)
            }, within: quotas)
        for event in accepted {
            if let quota = stored.refused[event.id] {
                refused.append(quotaRefusal(quota, of: event.id, at: places[event.id] ?? "events"))
            }
        }
        let added = stored.added
        for stored in added { apply(stored) }
        if !added.isEmpty { changed() }
        return BatchReply(
            acknowledged: accepted.map(\.id).filter { stored.refused[$0] == nil }, refused: refused,
            broadcasts: record.broadcasts.filter { $0.id > batch.seenBroadcast && $0.withdrawn != true },
            pacing: record.pacing, now: now)
    }

    /// An event past a quota, refused with why and which quota.
    private func quotaRefusal(_ quota: QuotaRefusal, of id: String, at place: String) -> EventRefusal {
        switch quota {
        case .learnerEvents:
            return EventRefusal(
                id: id,
                reason: "\(place): this learner has stored \(quotas.eventsPerLearner) events, "
                    + "the most the room keeps for one",
                quota: EventRefusal.learnerEvents)
        case .roomBytes:
            return EventRefusal(
                id: id,
                reason: "\(place): the room's storage is full (\(RoomQuotas.describe(bytes: quotas.roomBytes)))",
                quota: EventRefusal.roomStorage)
        }
    }

    /// Wrong join codes are rate-limited (per kind of request), so codes cannot be guessed fast;
    /// right ones never wait.
    package func checkJoinCode(_ code: String, from source: String, now: Double = Date().timeIntervalSince1970) throws {
        guard Self.sameSecret(code.uppercased(), record.joinCode) else {
            guard joinAttempts.allow(source, now: now) else {
                throw RequestFailure(429, "too many wrong join codes; wait a minute")
            }
            throw RequestFailure(
                403, "the workshop does not know this join code: check the link the instructor gave",
                reason: "unknown-join-code")
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
        guard !name.unicodeScalars.contains(where: WorkshopLimits.isDirectional) else {
            throw RequestFailure(400, "name: characters that change the text's direction are not allowed")
        }
        guard batch.events.count <= WorkshopLimits.eventsPerBatch else {
            throw RequestFailure(413, "at most \(WorkshopLimits.eventsPerBatch) events in one request")
        }
        for (index, event) in batch.events.enumerated() where !Self.isIdentifier(event.id) {
            throw RequestFailure(400, "events[\(index)].id: expected 8 to 64 letters, digits or '-'")
        }
    }

    /// Why one event cannot be stored, or nil; a text longer than the room keeps is the
    /// `event-size` quota's.
    private func problem(with event: WorkshopEvent, at place: String) -> EventRefusal? {
        guard event.at.isFinite, event.at > 0 else {
            return EventRefusal(id: event.id, reason: "\(place).at: expected seconds since 1970")
        }
        if let step = event.step {
            guard knownSteps.contains(step) else {
                return EventRefusal(
                    id: event.id,
                    reason: "\(place).step: '\(WorkshopLimits.clip(step, to: 80))' is not a step of this pack")
            }
        } else if event.kind != .hand {
            return EventRefusal(id: event.id, reason: "\(place).step: missing")
        }
        for (field, text, limit) in [
            ("feedback", event.feedback, WorkshopLimits.feedback),
            ("problem", event.problem, WorkshopLimits.feedback),
            ("code", event.code, WorkshopLimits.code)
        ] {
            if let text, text.count > limit {
                return EventRefusal(
                    id: event.id, reason: "\(place).\(field): longer than \(limit) characters",
                    quota: EventRefusal.eventSize)
            }
        }
        return nil
    }

    /// What an event weighs in the store: its texts and a fixed share for the rest.
    static func weight(of event: WorkshopEvent) -> Int {
        160 + event.id.utf8.count + (event.step?.utf8.count ?? 0) + (event.feedback?.utf8.count ?? 0)
            + (event.problem?.utf8.count ?? 0) + (event.code?.utf8.count ?? 0)
    }

    static func isIdentifier(_ text: String) -> Bool {
        (8...64).contains(text.count)
            && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
    }

    /// Compares secrets in time independent of where they differ.
    static func sameSecret(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        // In place, without copies: a server of many rooms compares a code with each of them.
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                var difference: UInt8 = 0
                for index in 0..<x.count { difference |= x[index] ^ y[index] }
                return difference == 0
            }
        }
    }

    // MARK: - The instructor

    package func isInstructor(_ token: String?) -> Bool {
        guard let token else { return false }
        return Self.sameSecret(token, record.token)
    }

    package func clearHand(of learner: String, now: Double = Date().timeIntervalSince1970) async throws {
        guard let state = learners[learner] else {
            throw RequestFailure(404, "no learner '\(WorkshopLimits.clip(learner, to: 64))'")
        }
        let applied = state.applied
        record = try await store.updateRoom { record in
            record.handsCleared[learner] = now
            record.handsClearedThrough = (record.handsClearedThrough ?? [:]).merging([learner: applied]) { $1 }
        }
        learners[learner]?.handRaised = nil
        learners[learner]?.handStep = nil
        changed()
    }

    package func broadcast(_ text: String, now: Double = Date().timeIntervalSince1970) async throws {
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty, line.count <= 280, !line.contains(where: \.isNewline),
            !line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw RequestFailure(400, "broadcast: one line of 1 to 280 characters")
        }
        guard !line.unicodeScalars.contains(where: WorkshopLimits.isDirectional) else {
            throw RequestFailure(400, "broadcast: characters that change the text's direction are not allowed")
        }
        record = try await store.updateRoom { record in
            record.broadcasts.append(Broadcast(id: (record.broadcasts.last?.id ?? 0) + 1, text: line, at: now))
        }
        changed()
    }

    /// Withdraws a broadcast: learners who have not seen it yet (a late joiner) never will.
    package func withdrawBroadcast(_ id: Int) async throws {
        record = try await store.updateRoom { record in
            guard let index = record.broadcasts.firstIndex(where: { $0.id == id }) else {
                throw RequestFailure(404, "no broadcast \(id)")
            }
            record.broadcasts[index].withdrawn = true
        }
        changed()
    }

    /// Changes what is held back; `gather` sends everyone to a step (`.some(nil)` withdraws it).
    package func pace(
        solutionsHeld: Bool?, openThrough: String??, gather: String??,
        now: Double = Date().timeIntervalSince1970
    ) async throws {
        if let openThrough, let lesson = openThrough, !outline.lessons.contains(where: { $0.id == lesson }) {
            throw RequestFailure(
                422, "openThrough: '\(WorkshopLimits.clip(lesson, to: 80))' is not a lesson of this pack")
        }
        if let gather, let step = gather, !knownSteps.contains(step) {
            throw RequestFailure(422, "gather: '\(WorkshopLimits.clip(step, to: 80))' is not a step of this pack")
        }
        record = try await store.updateRoom { record in
            if let solutionsHeld { record.pacing.solutionsHeld = solutionsHeld }
            if let openThrough { record.pacing.openThrough = openThrough }
            if let gather {
                if let step = gather {
                    let id = max(record.gatherings ?? 0, record.pacing.gathering?.id ?? 0) + 1
                    record.gatherings = id
                    record.pacing.gathering = Pacing.Gathering(id: id, step: step, at: now)
                } else {
                    record.pacing.gathering = nil
                }
            }
        }
        changed()
    }

    /// Removes a learner's row (a duplicate, someone who left); their events stay stored.
    package func remove(_ learner: String) async throws {
        guard learners[learner] != nil else {
            throw RequestFailure(404, "no learner '\(WorkshopLimits.clip(learner, to: 64))'")
        }
        record = try await store.updateRoom { record in
            record.removed = Array(Set((record.removed ?? []) + [learner])).sorted()
        }
        changed()
    }

    /// Merges one learner's row into another's (the same person joined twice): their events
    /// count as the other's, in the order they arrived.
    package func merge(_ learner: String, into target: String) async throws {
        for id in [learner, target] where learners[id] == nil {
            throw RequestFailure(404, "no learner '\(WorkshopLimits.clip(id, to: 64))'")
        }
        guard learner != target, row(of: target) != learner else {
            throw RequestFailure(422, "a learner cannot be merged into itself")
        }
        let targetRow = row(of: target)
        record = try await store.updateRoom { record in
            record.mergedInto = (record.mergedInto ?? [:]).merging([learner: targetRow]) { $1 }
        }
        try await rebuild()
        changed()
    }

    /// Starts a new room in the same store: everything so far is kept at `archive`, and the
    /// new room has a new join code and dashboard token.
    package func startNew(archive: String) async throws -> RoomRecord {
        try await store.archiveAndClear(to: archive)
        record = try await store.createRoom(RoomRecord.new())
        try await rebuild()
        changed()
        return record
    }

    // MARK: - Reading the room

    /// Nobody in the room has done anything for this long: a pause, not a room of struggles.
    static let pause = 5.0 * 60

    package func snapshot(now: Double = Date().timeIntervalSince1970) -> RoomSnapshot {
        let states = shown
        let latest = states.map(\.lastReceived).max() ?? now
        let roomIdle = now - latest > Self.pause
        // One pass over what each learner did (not every step times every learner): the room is
        // read about once a second while it works.
        // Every step of the pack has its summary, and only those: a step the pack does not have
        // (from before a pack's change) is not counted.
        var steps = Dictionary(uniqueKeysWithValues: stepRefs.map { ($0, RoomSnapshot.StepSummary()) })
        var feedback: [String: [String: LearnerState.WrongCount]] = [:]
        var struggling: Set<String> = []
        for learner in states {
            if learner.isStruggling(now: now, roomIdle: roomIdle, after: stuckAfter) { struggling.insert(learner.id) }
            if let current = learner.current {
                steps[current]?.here += 1
                if struggling.contains(learner.id) { steps[current]?.stuck += 1 }
            }
            // A step that asks for nothing is done once seen.
            for (ref, state) in learner.steps
            where state.status == "passed" || state.status == "skipped" || readOnlySteps.contains(ref) {
                steps[ref]?.done += 1
            }
            for (ref, answers) in learner.wrongAnswers where steps[ref] != nil {
                for (words, count) in answers {
                    feedback[ref, default: [:]][words, default: .init()].count += count.count
                    feedback[ref]![words]!.last = max(feedback[ref]![words]!.last, count.last)
                }
            }
        }
        for (ref, counts) in feedback {
            // Counted over every wrong answer on the step; a tie goes to the most recent.
            if let common = counts.max(by: {
                ($0.value.count, $0.value.last, $1.key) < ($1.value.count, $1.value.last, $0.key)
            }) {
                steps[ref]?.commonWrong = common.key
                steps[ref]?.commonWrongCount = common.value.count
            }
        }
        let labels = self.labels(states)
        let rows = states.map { learner in
            RoomSnapshot.Learner(
                id: learner.id, name: labels[learner.id] ?? learner.name, current: learner.current,
                struggling: struggling.contains(learner.id),
                handRaised: learner.handRaised,
                handStep: learner.handStep, steps: learner.steps, lastWrong: learner.lastWrong,
                lastEvent: learner.lastEvent,
                secondsOnStep: Int(learner.secondsOnCurrent(now: now).rounded()))
        }
        // The room's lesson: where most learners are (a tie: the earlier lesson).
        var inLesson: [String: Int] = [:]
        for learner in states {
            if let lesson = learner.current?.split(separator: "/").first { inLesson[String(lesson), default: 0] += 1 }
        }
        let lessonIDs = outline.lessons.map(\.id)
        let rank = { (id: String) in (inLesson[id] ?? 0, -lessonIDs.firstIndex(of: id)!) }
        let lesson = lessonIDs.max { rank($0) < rank($1) }
        return RoomSnapshot(
            version: version, outline: outline, learners: rows, steps: steps,
            broadcasts: Array(record.broadcasts.filter { $0.withdrawn != true }.suffix(10)),
            pacing: record.pacing,
            now: now, roomIdle: roomIdle, lesson: lesson)
    }

    /// The names the dashboard shows: a name like another one shown (same letters once case,
    /// width, invisible characters and a trailing "#number" are set aside) gets the learner's
    /// join number, which the server gives and nobody can choose: "Ada #3", "Ada #7".
    func labels(_ states: [LearnerState]) -> [String: String] {
        // Renames could grow it without end: it is started again when it holds many more names
        // than the room has learners.
        if likenesses.count > 4 * max(states.count, 64) { likenesses = [:] }
        for learner in states where likenesses[learner.name] == nil {
            likenesses[learner.name] = Self.likeness(learner.name)
        }
        let keys = Dictionary(grouping: states) { likenesses[$0.name]! }
        var labels: [String: String] = [:]
        for learner in states {
            let alike = keys[likenesses[learner.name]!]?.count ?? 0
            if alike > 1, let index = order.firstIndex(of: learner.id) {
                labels[learner.id] = learner.name + " #\(index + 1)"
            }
        }
        return labels
    }

    /// What two names that look alike have in common.
    static func likeness(_ name: String) -> String {
        let visible = String(
            String.UnicodeScalarView(
                name.precomposedStringWithCompatibilityMapping.unicodeScalars
                    .filter { $0.properties.generalCategory != .format }))
        var words = visible.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if let mark = words.range(of: #"\s*#\s*[0-9]+$"#, options: .regularExpression) {
            words.removeSubrange(mark)
        }
        return words
    }

    /// One `progress --json` report per learner, with the learner's name and id.
    package func exportReports(now: Date = Date()) -> [LearnerReport] {
        shown.map { learner in
            LearnerReport(
                learnerId: learner.id,
                report: ProgressExport.Report(
                    pack: outline.pack, packTitle: outline.title, packVersion: outline.version,
                    learner: learner.name, exported: now, position: learner.current,
                    steps: rows(for: learner, now: now.timeIntervalSince1970)))
        }
    }

    /// The same rows as CSV, with the learner's name and id first.
    package func exportCSV(now: Double = Date().timeIntervalSince1970) -> String {
        var lines = ["learner,learner_id," + ProgressExport.csvHeader]
        for learner in shown {
            for row in rows(for: learner, now: now) {
                lines.append(ProgressExport.csvRecord([learner.name, learner.id] + ProgressExport.csvFields(row)))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each learner's latest code per exercise.
    package func latestCode() -> [LatestCode] {
        let labels = self.labels(shown)
        return shown.flatMap { learner in
            stepRefs.compactMap { ref in
                learner.code[ref].map {
                    LatestCode(id: learner.id, learner: labels[learner.id] ?? learner.name, step: ref, code: $0)
                }
            }
        }
    }

    package struct LatestCode: Codable, Sendable {
        /// The learner's id (the dashboard's row).
        package var id: String
        package var learner: String
        package var step: String
        package var code: String
    }

    /// The learner's rows; the step they are on counts the time so far on it.
    private func rows(for learner: LearnerState, now: Double) -> [ProgressExport.Row] {
        outline.lessons.flatMap { lesson in
            lesson.steps.map { step in
                let ref = lesson.id + "/" + step.id
                var state = learner.steps[ref]
                if learner.current == ref { state?.seconds += learner.secondsOnCurrent(now: now) }
                return ProgressExport.Row(
                    lesson: lesson.id, lessonTitle: lesson.title, step: step.id, stepTitle: step.title,
                    kind: step.kind, status: state?.status ?? "unseen", attempts: state?.attempts ?? 0,
                    hintsUsed: state?.hints ?? 0, solutionShown: state?.solution ?? false,
                    secondsSpent: Int((state?.seconds ?? 0).rounded()))
            }
        }
    }

    // MARK: - Live updates

    /// The room's version, now and after every change, until the stream is dropped.
    package func changes() -> AsyncStream<Int> {
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

    /// Live streams are told of changes at most once per `streamInterval`: a busy room (thirty
    /// learners, a few events a second) would otherwise have every open dashboard read the whole
    /// room several times a second. The first change after a quiet moment is told at once; later
    /// ones wait for the interval and are told together.
    package static let streamInterval = 1.0
    private var lastTold = -Double.infinity
    private var tellingLater = false

    private func changed() {
        version += 1
        guard !listeners.isEmpty, !tellingLater else { return }
        let wait = lastTold + Self.streamInterval - ProcessInfo.processInfo.systemUptime
        guard wait > 0 else { return tellListeners() }
        tellingLater = true
        Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
            await self?.tellListeners()
        }
    }

    private func tellListeners() {
        tellingLater = false
        lastTold = ProcessInfo.processInfo.systemUptime
        for listener in listeners.values { listener.yield(version) }
    }
}

/// Changes another server made that a room has not followed yet, merged into what one round of
/// reads covers.
struct PendingChanges {
    /// Read everything again (the room's settings changed, or notices may have been missed).
    var everything = false
    var learners = false
    /// The earliest place of the events told of.
    var eventsFrom: Int64?

    mutating func add(_ change: StoreChange) {
        switch change {
        case .events(let from): eventsFrom = min(eventsFrom ?? from, from)
        case .learners: learners = true
        case .room, .resync: everything = true
        }
    }

    /// What is pending, emptied; nil when nothing is.
    mutating func take() -> PendingChanges? {
        guard everything || learners || eventsFrom != nil else { return nil }
        defer { self = PendingChanges() }
        return self
    }
}

/// What the dashboard shows, as JSON. Names are data: the page puts them in as text.
package struct RoomSnapshot: Codable, Sendable {
    package struct Learner: Codable, Sendable {
        var id: String
        var name: String
        var current: String?
        var struggling: Bool
        var handRaised: Double?
        /// Where the hand went up.
        var handStep: String?
        var steps: [String: LearnerState.StepState]
        var lastWrong: LearnerState.Wrong?
        var lastEvent: Double
        /// Seconds on the current step so far.
        var secondsOnStep: Int?
    }

    package struct StepSummary: Codable, Sendable {
        var here = 0
        var done = 0
        var stuck = 0
        var commonWrong: String?
        var commonWrongCount = 0
    }

    package var version: Int
    package var outline: RoomOutline
    package var learners: [Learner]
    package var steps: [String: StepSummary]
    package var broadcasts: [Broadcast]
    package var pacing: Pacing
    /// Server time of the snapshot (ages of broadcasts and hands).
    package var now: Double?
    /// Nobody has done anything for a while: time on a step does not count as struggling.
    package var roomIdle: Bool?
    /// The lesson most learners are in: the dashboard's grid shows it by default.
    package var lesson: String?

    /// How the server writes its JSON: keys sorted, so equal values give equal bytes.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The snapshot as JSON with `outline`, the room's outline already encoded, put in as it is:
    /// the outline is most of a snapshot's bytes and never changes while the server runs.
    package func json(outline: [UInt8]) throws -> [UInt8] {
        let encoder = Self.encoder()
        encoder.userInfo[Self.withoutOutline] = true
        let rest = try encoder.encode(self)
        var bytes = Array(#"{"outline":"#.utf8)
        bytes.reserveCapacity(bytes.count + outline.count + rest.count + 1)
        bytes += outline
        // `rest` is `{…}`: its fields follow the outline's.
        if rest.count > 2 {
            bytes.append(UInt8(ascii: ","))
            bytes += rest.dropFirst()
        } else {
            bytes.append(UInt8(ascii: "}"))
        }
        return bytes
    }

    static let withoutOutline = CodingUserInfoKey(rawValue: "seguelab.snapshot.withoutOutline")!

    enum CodingKeys: String, CodingKey {
        case version, outline, learners, steps, broadcasts, pacing, now, roomIdle, lesson
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        if encoder.userInfo[Self.withoutOutline] as? Bool != true { try container.encode(outline, forKey: .outline) }
        try container.encode(learners, forKey: .learners)
        try container.encode(steps, forKey: .steps)
        try container.encode(broadcasts, forKey: .broadcasts)
        try container.encode(pacing, forKey: .pacing)
        try container.encodeIfPresent(now, forKey: .now)
        try container.encodeIfPresent(roomIdle, forKey: .roomIdle)
        try container.encodeIfPresent(lesson, forKey: .lesson)
    }
}

/// What one room keeps at most: learners, events per learner, and what its events weigh
/// (each learner's code counts once per exercise: older versions are not kept).
package struct RoomQuotas: Sendable {
    package var learners: Int
    package var eventsPerLearner: Int
    package var roomBytes: Int

    package init(learners: Int = 2_000, eventsPerLearner: Int = 5_000, roomBytes: Int = 256 * 1_048_576) {
        self.learners = learners
        self.eventsPerLearner = eventsPerLearner
        self.roomBytes = roomBytes
    }

    /// `256 MiB`, `200 KiB`, or bytes.
    static func describe(bytes: Int) -> String {
        if bytes >= 1_048_576, bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MiB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
        return "\(bytes) bytes"
    }
}

/// A learner's `progress --json` report with their id beside the name (two learners may
/// share a name): the report's fields and `learnerId`, in one object.
package struct LearnerReport: Encodable, Sendable {
    package var learnerId: String
    package var report: ProgressExport.Report

    enum CodingKeys: String, CodingKey { case learnerId }

    package func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(learnerId, forKey: .learnerId)
    }
}

/// A room's join code and dashboard token behind a lock, so a server of many rooms can find
/// the room a request is for without waiting on each.
package final class RoomSecrets: @unchecked Sendable {
    private let lock = NSLock()
    private var joinCode = ""
    private var token = ""

    func set(_ record: RoomRecord) {
        lock.withLock {
            joinCode = record.joinCode
            token = record.token
        }
    }

    package func matches(joinCode code: String) -> Bool { matches(upperCasedJoinCode: code.uppercased()) }

    /// For a code already upper-cased: a request is matched against every room with one.
    package func matches(upperCasedJoinCode code: String) -> Bool {
        Room.sameSecret(code, lock.withLock { joinCode })
    }

    package func matches(token given: String) -> Bool { Room.sameSecret(given, lock.withLock { token }) }
}
