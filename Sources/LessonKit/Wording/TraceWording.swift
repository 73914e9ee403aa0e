import Foundation
import Localization
import SegueKit

extension TracePattern {
    /// A short human description, e.g. `push 'showDetail' to DetailViewController`.
    package var summary: String { summary(.english) }

    /// The description in the catalog's language.
    package func summary(_ catalog: Catalog) -> String {
        var parts: [String] = [kind?.rawValue ?? catalog.text("trace.event")]
        if let identifier { parts.append("'\(identifier)'") }
        if let source { parts.append(catalog.text("trace.from", ["name": source])) }
        if let destination { parts.append(catalog.text("trace.to", ["name": destination])) }
        for (key, value) in properties.sorted(by: { $0.key < $1.key }) { parts.append("\(key)=\(value)") }
        return parts.joined(separator: " ")
    }
}
