import Foundation

/// A minimal plain-text view of SegueKit's trace lines (one JSON object each), used where no
/// richer renderer is wired in: the event name first, then the other fields as `key=value`.
public enum TraceFormatter {
    public static func plain(_ lines: [String]) -> [String] {
        lines.map { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return line }
            let nameKeys = ["event", "kind", "type"]
            let name = nameKeys.lazy.compactMap { object[$0] as? String }.first ?? "event"
            let fields = object.keys.filter { !nameKeys.contains($0) }.sorted().compactMap { key -> String? in
                let value = object[key]!
                if value is NSNull { return nil }
                if let text = value as? String { return "\(key)=\(text)" }
                if let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) {
                    return "\(key)=\(String(decoding: data, as: UTF8.self))"
                }
                return "\(key)=\(value)"
            }
            return ([name] + fields).joined(separator: " ")
        }
    }
}
