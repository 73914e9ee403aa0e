import Localization
import Playground

extension StopReason {
    /// The reason in the learner's words, naming the limit: "the program ran longer than its
    /// time limit of 5 s (a loop that never ends?)".
    public func text(_ catalog: Catalog) -> String {
        switch self {
        case .timedOut(let limit): catalog.text("stop.timed_out", ["limit": Limits.describe(seconds: limit)])
        case .suspended(let limit): catalog.text("stop.suspended", ["limit": Limits.describe(seconds: limit)])
        case .fileSize(let limit?): catalog.text("stop.file_size.limit", ["limit": Limits.describe(bytes: limit)])
        case .fileSize(nil): catalog.text("stop.file_size")
        case .outputCapped(let limit): catalog.text("stop.output", ["limit": Limits.describe(bytes: limit)])
        case .memory(let limit?): catalog.text("stop.memory.limit", ["limit": Limits.describe(bytes: limit)])
        case .memory(nil): catalog.text("stop.memory")
        case .interrupted: catalog.text("stop.interrupted")
        }
    }
}
