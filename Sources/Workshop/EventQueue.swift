import Foundation

/// Events waiting to be sent, one file each in the learner's state directory: an event is on
/// disk before the prompt comes back, so Ctrl-C, a crash or a dead Wi-Fi loses none. Files are
/// named by when they were made, so they are sent in order.
package struct EventQueue: Sendable {
    package let directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    package func append(_ event: WorkshopEvent) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let stamp = String(UInt64(Date().timeIntervalSince1970 * 1_000_000))
        let name = String(repeating: "0", count: max(0, 20 - stamp.count)) + stamp + "-" + event.id + ".json"
        let data = try JSONEncoder().encode(event)
        try data.write(to: directory.appendingPathComponent(name), options: .atomic)
    }

    /// The oldest `limit` events. A file that cannot be read (cut short by a full disk) is
    /// set aside as `.bad` rather than blocking the ones after it.
    package func oldest(_ limit: Int) -> [WorkshopEvent] {
        var events: [WorkshopEvent] = []
        for name in files().prefix(limit) {
            let url = directory.appendingPathComponent(name)
            if let data = try? Data(contentsOf: url),
                let event = try? JSONDecoder().decode(WorkshopEvent.self, from: data)
            {
                events.append(event)
            } else {
                try? FileManager.default.moveItem(at: url, to: url.appendingPathExtension("bad"))
            }
        }
        return events
    }

    package func remove(_ ids: Set<String>) {
        for name in files() where ids.contains(Self.eventID(ofFile: name)) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    package var count: Int { files().count }

    private func files() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }

    private static func eventID(ofFile name: String) -> String {
        let base = name.dropLast(".json".count)
        guard let dash = base.firstIndex(of: "-") else { return String(base) }
        return String(base[base.index(after: dash)...])
    }
}
