import Foundation

/// Supplies a table's rows.
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// Hears about selection.
@preconcurrency @MainActor
public protocol UITableViewDelegate: AnyObject {
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}

/// A table of rows; enough for "selected row → detail": selection, prototype cells from the
/// storyboard (with their segues), and `simulateTapOnRow(at:)` for what a finger would do.
@preconcurrency @MainActor
open class UITableView: UIView {
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }

    public let style: Style
    open weak var dataSource: UITableViewDataSource?
    open weak var delegate: UITableViewDelegate?
    open var allowsSelection = true
    private var selectedRows: [IndexPath] = []
    /// Prototype cells from the storyboard, by reuse identifier, and the scene owning them.
    var prototypes: [String: ViewDefinition] = [:]
    weak var storyboardOwner: UIViewController?
    /// The cells of a static table from the storyboard, by section.
    var staticCells: [[UITableViewCell]]?
    var storyboardForPrototypes: UIStoryboard?
    private var registeredClasses: [String: UITableViewCell.Type] = [:]
    private var shownCells: [IndexPath: UITableViewCell] = [:]

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
    }

    public override init(frame: CGRect) {
        style = .plain
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }

    open var indexPathForSelectedRow: IndexPath? { selectedRows.first }
    open var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows }

    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        selectedRows = indexPath.map { [$0] } ?? []
    }

    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selectedRows.removeAll { $0 == indexPath }
    }

    /// Forgets the cells shown so far; rows are asked for again.
    open func reloadData() {
        for cell in shownCells.values { cell.removeFromSuperview() }
        shownCells.removeAll()
    }

    open var numberOfSections: Int { dataSource?.numberOfSections(in: self) ?? 0 }

    open func numberOfRows(inSection section: Int) -> Int {
        dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
    }

    /// The cell the data source makes for `indexPath` (every row asked for counts as visible);
    /// it becomes a subview of the table, replacing the row's previous cell.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        if let shown = shownCells[indexPath] { return shown }
        guard indexPath.section < numberOfSections, indexPath.row < numberOfRows(inSection: indexPath.section),
            let cell = dataSource?.tableView(self, cellForRowAt: indexPath)
        else { return nil }
        shownCells[indexPath] = cell
        addSubview(cell)
        return cell
    }

    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        shownCells.first { $0.value === cell }?.key
    }

    open var visibleCells: [UITableViewCell] {
        shownCells.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Registers a cell class. Only `init?(coder:)` can be called on a class value here (its
    /// initializer must be `required`), so subclasses are made through it; UIKit would call
    /// `init(style:reuseIdentifier:)`.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registeredClasses[identifier] = (cellClass as? UITableViewCell.Type) ?? UITableViewCell.self
    }

    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let prototype = prototypes[identifier] {
            return makeCell(from: prototype)
        }
        guard let cellClass = registeredClasses[identifier] else { return nil }
        if cellClass == UITableViewCell.self {
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        let cell = cellClass.init(coder: StoryboardCoder())
        cell?.reuseIdentifierStorage = identifier
        return cell
    }

    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            raiseException(
                .internalInconsistency,
                "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
            )
        }
        return cell
    }

    /// Taps the row at `indexPath`, as a finger would (a SegueKit addition): the row is
    /// selected, a selection segue connected to its cell fires (asking `shouldPerformSegue`
    /// first), and then the delegate hears `didSelectRowAt` — the order UIKit uses.
    public func simulateTapOnRow(at indexPath: IndexPath) {
        MainRunLoop.userAction { tapRow(at: indexPath) }
    }

    private func tapRow(at indexPath: IndexPath) {
        guard allowsSelection else { return }
        let cell = cellForRow(at: indexPath)
        if let delegate, delegate.tableView(self, willSelectRowAt: indexPath) == nil { return }
        selectRow(at: indexPath, animated: false, scrollPosition: .none)
        cell?.isSelected = true
        for trigger in cell?.storyboardTriggers ?? [] { trigger.fire(sender: cell) }
        delegate?.tableView(self, didSelectRowAt: indexPath)
    }

    private func makeCell(from prototype: ViewDefinition) -> UITableViewCell {
        let builder = ViewBuilder(owner: storyboardOwner, storyboard: storyboardForPrototypes)
        return builder.makeView(prototype, defaultClass: UITableViewCell.self) as? UITableViewCell ?? UITableViewCell()
    }
}

/// A table row's cell.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }

    var reuseIdentifierStorage: String?
    open var reuseIdentifier: String? { reuseIdentifierStorage }
    open var accessoryType: AccessoryType = .none
    open var selectionStyle: SelectionStyle = .default
    open var isSelected = false
    public let contentView = UIView()
    open var textLabel: UILabel? = UILabel()
    open var detailTextLabel: UILabel? = UILabel()
    /// Selection segues connected to the cell's prototype in the storyboard.
    var storyboardTriggers: [StoryboardTrigger] = []

    public init(style: CellStyle, reuseIdentifier: String?) {
        reuseIdentifierStorage = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
    }

    open func prepareForReuse() {}
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
}

/// A view controller whose view is a table and which is its data source and delegate.
@preconcurrency @MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let initialStyle: UITableView.Style
    open var clearsSelectionOnViewWillAppear = true

    public init(style: UITableView.Style) {
        initialStyle = style
        super.init(nibName: nil, bundle: nil)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        initialStyle = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        initialStyle = .plain
        super.init(coder: coder)
    }

    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    open override func loadView() {
        super.loadView()
        if !(viewIfLoaded is UITableView) {
            view = UITableView(frame: UIScreen.main.bounds, style: initialStyle)
        }
        tableView.dataSource = self
        tableView.delegate = self
    }

    // The defaults serve a storyboard's static cells, as UIKit's do.
    open func numberOfSections(in tableView: UITableView) -> Int { tableView.staticCells?.count ?? 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        tableView.staticCells?[section].count ?? 0
    }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.staticCells?[indexPath.section][indexPath.row]
            ?? UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}
