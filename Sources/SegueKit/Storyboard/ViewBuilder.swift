import Foundation

/// Builds a scene's views from the storyboard each time a controller loads its view, binding
/// the segues of buttons, cells and container views to the owning controller.
@MainActor
struct ViewBuilder {
    let owner: UIViewController?
    let storyboard: UIStoryboard?

    func makeRootView(for scene: SceneDefinition) -> UIView {
        guard let definition = scene.controller.rootView else { return UIView(frame: UIScreen.main.bounds) }
        let view = makeView(definition)
        view.frame = UIScreen.main.bounds
        return view
    }

    func makeView(_ definition: ViewDefinition, defaultClass: UIView.Type? = nil) -> UIView {
        var built: [String: UIView] = [:]
        return makeView(definition, defaultClass: defaultClass, built: &built)
    }

    /// Builds the view and its subviews, collecting them by object id (`built`) so that a view's
    /// own outlets (a custom cell's labels) reach the views made for it, not another cell's.
    private func makeView(_ definition: ViewDefinition, defaultClass: UIView.Type?, built: inout [String: UIView])
        -> UIView
    {
        let base = defaultClass ?? Self.defaultClass(forElement: definition.elementName)
        var type = base
        if let customClass = definition.customClass {
            if let resolved = ClassResolver.resolve(customClass, module: definition.customModule, as: UIView.self) {
                type = resolved
            } else {
                ClassResolver.logUnknownClass(customClass, module: definition.customModule)
            }
        }
        let view = type.init(coder: StoryboardCoder()) ?? UIView(frame: .zero)
        view.tag = definition.tag
        view.accessibilityIdentifier = definition.accessibilityIdentifier
        if !definition.objectID.isEmpty {
            owner?.sceneViews[definition.objectID] = view
            built[definition.objectID] = view
        }
        configure(view, from: definition)
        let container = (view as? UITableViewCell)?.contentView ?? view
        for subview in definition.subviews { container.addSubview(makeView(subview, defaultClass: nil, built: &built)) }
        if !definition.outlets.isEmpty {
            // A view's outlets reach the views built so far and the scene's controller (a table
            // view's dataSource and delegate).
            let objects = built
            let controllerID = owner?.sceneBinding?.scene.controller.objectID
            StoryboardWiring.connect(definition.outlets, of: view) { id in
                objects[id] ?? (id == controllerID ? owner : nil)
            }
        }
        return view
    }

    private func configure(_ view: UIView, from definition: ViewDefinition) {
        switch view {
        case let control as UIControl:
            (control as? UIButton)?.setTitle(definition.title, for: .normal)
            control.storyboardTriggers = triggers { $0 == .control(objectID: definition.objectID) }
            if let owner, let actions = owner.sceneBinding?.scene.controller.actions {
                control.storyboardActions = actions.filter { $0.sourceObjectID == definition.objectID }
                    .map { StoryboardAction(owner: owner, action: $0) }
            }
        case let label as UILabel:
            label.text = definition.text
        case let cell as UITableViewCell:
            cell.reuseIdentifierStorage = definition.reuseIdentifier
            cell.storyboardTriggers = triggers {
                if case .cell(let id, _) = $0 { return id == definition.objectID }
                return false
            }
        case let table as UITableView:
            table.storyboardOwner = owner
            table.storyboardForPrototypes = storyboard
            for prototype in definition.prototypes {
                if let reuseIdentifier = prototype.reuseIdentifier { table.prototypes[reuseIdentifier] = prototype }
            }
            if !definition.staticSections.isEmpty {
                table.staticCells = definition.staticSections.map { section in
                    section.map {
                        makeView($0, defaultClass: UITableViewCell.self) as? UITableViewCell ?? UITableViewCell()
                    }
                }
            }
        default:
            break
        }
    }

    private func triggers(where matches: (SegueTrigger) -> Bool) -> [StoryboardTrigger] {
        guard let owner, let scene = owner.sceneBinding?.scene else { return [] }
        return scene.controller.segues.filter { matches($0.trigger) }.map { StoryboardTrigger(owner: owner, segue: $0) }
    }

    static func defaultClass(forElement element: String) -> UIView.Type {
        switch element {
        case "button": return UIButton.self
        case "label": return UILabel.self
        case "tableView": return UITableView.self
        case "tableViewCell": return UITableViewCell.self
        case "imageView": return UIImageView.self
        case "textField": return UITextField.self
        case "switch", "segmentedControl", "slider", "stepper", "datePicker", "pageControl": return UIControl.self
        default: return UIView.self
        }
    }
}
