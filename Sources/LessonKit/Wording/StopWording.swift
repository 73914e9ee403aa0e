import Localization
import Playground

extension StopReason {
    /// The reason in the learner's words, naming the limit: "the program ran longer than its
    /// time limit of 5 s (a loop that never ends?)".
    package func text(_ catalog: Catalog) -> String {
        switch self {
        case .timedOut(let limit): catalog.text("stop.timed_out", ["limit": Limits.describe(seconds: limit)])
        case .suspended(let limit): catalog.text("stop.suspended", ["limit": Limits.describe(seconds: limit)])
        case .fileSize(let limit?): catalog.text("stop.file_size.limit", ["limit": Self.size(limit, catalog)])
        case .fileSize(nil): catalog.text("stop.file_size")
        case .folderSize(let limit?): catalog.text("stop.folder_size.limit", ["limit": Self.size(limit, catalog)])
        case .folderSize(nil): catalog.text("stop.folder_size")
        case .outputCapped(let limit): catalog.text("stop.output", ["limit": Self.size(limit, catalog)])
        case .memory(let limit?): catalog.text("stop.memory.limit", ["limit": Self.size(limit, catalog)])
        case .memory(nil): catalog.text("stop.memory")
        case .interrupted: catalog.text("stop.interrupted")
        }
    }

    /// `64 MB` in English, `64 Mo` in French: binary units, as the limits are set.
    static func size(_ bytes: Int, _ catalog: Catalog) -> String {
        func value(_ unit: Int) -> String {
            let value = Double(bytes) / Double(unit)
            return value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value)
        }
        if bytes >= 1 << 30 { return catalog.text("size.gb", ["value": value(1 << 30)]) }
        if bytes >= 1 << 20 { return catalog.text("size.mb", ["value": value(1 << 20)]) }
        if bytes >= 1 << 10 { return catalog.text("size.kb", ["value": value(1 << 10)]) }
        return catalog.text("size.bytes", ["value": bytes])
    }
}

extension BuildProgress {
    /// SegueKit's build, as the learner reads it: announced with its estimate, timed, finished.
    package func text(_ catalog: Catalog) -> String {
        switch self {
        case .damaged(let path): catalog.text("kit.damaged", ["path": path])
        case .started(let toolchain, nil): catalog.text("kit.started", ["toolchain": toolchain])
        case .started(let toolchain, let last?):
            catalog.text("kit.started.estimate", ["toolchain": toolchain, "last": last])
        case .elapsed(let seconds, nil): catalog.text("kit.elapsed", ["seconds": seconds])
        case .elapsed(let seconds, let last?): catalog.text("kit.elapsed.estimate", ["seconds": seconds, "last": last])
        case .finished(let seconds): catalog.text("kit.finished", ["seconds": seconds])
        }
    }
}
