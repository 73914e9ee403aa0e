import Localization
import SegueTools

extension StoryboardWords {
    /// The storyboard tools' words from the catalog: a French session's diagram reads
    /// "7 scènes", "déclenché par le bouton \"Reviews\"".
    package init(_ catalog: Catalog) {
        self.init(
            scenes: { catalog.text($0 == 1 ? "storyboard.scenes.one" : "storyboard.scenes.other", ["count": $0]) },
            focusedScenes: { catalog.text("storyboard.scenes.focused", ["drawn": $0, "count": $1, "start": $2]) },
            withinSegues: {
                catalog.text($0 == 1 ? "storyboard.within.one" : "storyboard.within.other", ["depth": $0])
            },
            initial: catalog.text("storyboard.initial"),
            from: { catalog.text("storyboard.from", ["trigger": $0]) },
            element: { element in
                switch element {
                case .button: catalog.text("storyboard.element.button")
                case .barItem: catalog.text("storyboard.element.bar_item")
                case .cell: catalog.text("storyboard.element.cell")
                case .cellAccessory: catalog.text("storyboard.element.accessory")
                case .container: catalog.text("storyboard.element.container")
                case .switch: catalog.text("storyboard.element.switch")
                case .segmentedControl: catalog.text("storyboard.element.segmented_control")
                case .slider: catalog.text("storyboard.element.slider")
                case .textField: catalog.text("storyboard.element.text_field")
                case .control: catalog.text("storyboard.element.control")
                // Rarer elements keep Interface Builder's name.
                case .other(let name): name
                }
            },
            notAnimated: catalog.text("storyboard.not_animated"),
            presentedAs: { catalog.text("storyboard.presented_as", ["style": $0]) },
            noCustomClass: { catalog.text("storyboard.no_custom_class", ["scene": $0]) },
            noSceneCalled: { catalog.text("storyboard.scene.none", ["query": $0, "storyboard": $1]) },
            scenesCalled: {
                catalog.text("storyboard.scene.several", ["query": $0, "count": $1, "storyboard": $2, "list": $3])
            },
            noInitialScene: catalog.text("storyboard.no_initial_scene"),
            cannotReadFile: catalog.text("storyboard.cannot_read"),
            auditClean: { catalog.text("storyboard.audit.clean", ["storyboard": $0]) },
            auditUnknownIdentifier: { catalog.text("storyboard.audit.unknown", ["identifier": $0, "class": $1]) },
            auditStaleValue: { catalog.text("storyboard.audit.stale", ["value": $0]) }
        )
    }
}
