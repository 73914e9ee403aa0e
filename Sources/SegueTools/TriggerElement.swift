import Foundation

/// The Interface Builder element a segue starts from, as the storyboard tools name it.
package enum TriggerElement: Sendable, Hashable {
    case button, barItem, cell, cellAccessory, container, `switch`, segmentedControl, slider, textField
    /// A control whose element the storyboard does not say.
    case control
    /// A rarer element, by Interface Builder's name ("stepper", "date picker", "tapGestureRecognizer").
    case other(String)

    /// A control's element from its XML name: `segmentedControl` is `.segmentedControl`; one
    /// the tools have no words for keeps its name, in words ("datePicker" → "date picker").
    init(controlElement name: String?) {
        switch name {
        case "button"?: self = .button
        case "switch"?: self = .switch
        case "segmentedControl"?: self = .segmentedControl
        case "slider"?: self = .slider
        case "textField"?: self = .textField
        case nil: self = .control
        case let other?:
            self = .other(other.reduce(into: "") { $0 += $1.isUppercase ? " " + $1.lowercased() : String($1) })
        }
    }

    /// Its English name: "button", "bar item", "accessory of cell", "segmented control".
    package var englishName: String {
        switch self {
        case .button: "button"
        case .barItem: "bar item"
        case .cell: "cell"
        case .cellAccessory: "accessory of cell"
        case .container: "container"
        case .switch: "switch"
        case .segmentedControl: "segmented control"
        case .slider: "slider"
        case .textField: "text field"
        case .control: "control"
        case .other(let name): name
        }
    }
}
