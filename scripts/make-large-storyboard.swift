// Writes Tests/SegueKitTests/Fixtures/Large.storyboard: a storyboard the size of a real app's
// main one (5 tabs, about 70 scenes, 2,500+ lines with the layout noise Interface Builder
// writes), for the diagram, enum and benchmark tests. Deterministic: run it again and the
// file does not change. An argument N repeats the five sections N times (with numbered names:
// "Books", ..., then "Book2s"...), for benchmarks on storyboards N times as big.
//
//     swift scripts/make-large-storyboard.swift > Tests/SegueKitTests/Fixtures/Large.storyboard
//     swift scripts/make-large-storyboard.swift 13 > /tmp/Huge.storyboard   # about 2.8 MB

var lines: [String] = []
func emit(_ line: String) { lines.append(line) }
func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

/// Interface Builder-shaped object ids ("Ab1-cD-234"), unique per name.
func ibID(_ name: String) -> String {
    var hash: UInt64 = 1_469_598_103_934_665_603
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
    let alphabet = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
    var characters: [Character] = []
    for _ in 0..<8 {
        characters.append(alphabet[Int(hash % UInt64(alphabet.count))])
        hash /= UInt64(alphabet.count)
    }
    let s = String(characters)
    return "\(s.prefix(3))-\(s.dropFirst(3).prefix(2))-\(s.suffix(3))"
}

struct Segue {
    var destination: String
    var kind: String
    var identifier: String?
    var extra = ""
}

/// A label and a button pinned with constraints: the bulk of a real scene.
func layout(_ scene: String, title: String, buttons: [(String, Segue?)]) {
    emit("                    <view key=\"view\" contentMode=\"scaleToFill\" id=\"\(ibID(scene + ".view"))\">")
    emit("                        <rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"393\" height=\"852\"/>")
    emit(
        "                        <autoresizingMask key=\"autoresizingMask\" widthSizable=\"YES\" heightSizable=\"YES\"/>"
    )
    emit("                        <subviews>")
    emit(
        "                            <label opaque=\"NO\" userInteractionEnabled=\"NO\" contentMode=\"left\" horizontalHuggingPriority=\"251\" verticalHuggingPriority=\"251\" text=\"\(title)\" textAlignment=\"natural\" lineBreakMode=\"tailTruncation\" baselineAdjustment=\"alignBaselines\" adjustsFontSizeToFit=\"NO\" translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"\(ibID(scene + ".label"))\">"
    )
    emit("                                <rect key=\"frame\" x=\"20\" y=\"123\" width=\"353\" height=\"21\"/>")
    emit(
        "                                <fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleHeadline\"/>"
    )
    emit("                                <nil key=\"textColor\"/>")
    emit("                                <nil key=\"highlightedColor\"/>")
    emit("                            </label>")
    for (index, (text, segue)) in buttons.enumerated() {
        let button = ibID("\(scene).button\(index)")
        emit(
            "                            <button opaque=\"NO\" contentMode=\"scaleToFill\" contentHorizontalAlignment=\"center\" contentVerticalAlignment=\"center\" buttonType=\"system\" lineBreakMode=\"middleTruncation\" translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"\(button)\">"
        )
        emit(
            "                                <rect key=\"frame\" x=\"20\" y=\"\(164 + index * 50)\" width=\"353\" height=\"35\"/>"
        )
        emit("                                <state key=\"normal\" title=\"\(text)\"/>")
        emit(
            "                                <buttonConfiguration key=\"configuration\" style=\"filled\" title=\"\(text)\"/>"
        )
        if let segue {
            emit("                                <connections>")
            emitSegue(segue, from: "\(scene).button\(index)", indent: "                                    ")
            emit("                                </connections>")
        }
        emit("                            </button>")
    }
    emit("                        </subviews>")
    emit("                        <viewLayoutGuide key=\"safeArea\" id=\"\(ibID(scene + ".safe"))\"/>")
    emit("                        <color key=\"backgroundColor\" systemColor=\"systemBackgroundColor\"/>")
    emit("                        <constraints>")
    for (index, _) in buttons.enumerated() {
        let button = ibID("\(scene).button\(index)")
        emit(
            "                            <constraint firstItem=\"\(button)\" firstAttribute=\"leading\" secondItem=\"\(ibID(scene + ".safe"))\" secondAttribute=\"leading\" constant=\"20\" id=\"\(ibID("\(scene).c\(index).l"))\"/>"
        )
        emit(
            "                            <constraint firstItem=\"\(ibID(scene + ".safe"))\" firstAttribute=\"trailing\" secondItem=\"\(button)\" secondAttribute=\"trailing\" constant=\"20\" id=\"\(ibID("\(scene).c\(index).t"))\"/>"
        )
    }
    emit(
        "                            <constraint firstItem=\"\(ibID(scene + ".label"))\" firstAttribute=\"top\" secondItem=\"\(ibID(scene + ".safe"))\" secondAttribute=\"top\" constant=\"20\" id=\"\(ibID(scene + ".c.top"))\"/>"
    )
    emit("                        </constraints>")
    emit("                    </view>")
}

func emitSegue(_ segue: Segue, from owner: String, indent: String) {
    var attributes = "destination=\"\(ibID(segue.destination))\" kind=\"\(segue.kind)\""
    if segue.kind == "relationship" {
        attributes += " relationship=\"\(segue.identifier ?? "")\""
    } else if let identifier = segue.identifier {
        attributes += " identifier=\"\(identifier)\""
    }
    if !segue.extra.isEmpty { attributes += " " + segue.extra }
    emit("\(indent)<segue \(attributes) id=\"\(ibID(owner + "->" + segue.destination + (segue.identifier ?? "")))\"/>")
}

func sceneOpen(_ name: String, comment: String) {
    emit("        <!--\(comment)-->")
    emit("        <scene sceneID=\"\(ibID(name + ".scene"))\">")
    emit("            <objects>")
}

func sceneClose(_ name: String, x: Int, y: Int, exit: String? = nil) {
    emit(
        "                <placeholder placeholderIdentifier=\"IBFirstResponder\" id=\"\(ibID(name + ".fr"))\" userLabel=\"First Responder\" customClass=\"UIResponder\" sceneMemberID=\"firstResponder\"/>"
    )
    if let exit { emit("                <exit id=\"\(ibID(exit))\" userLabel=\"Exit\" sceneMemberID=\"exit\"/>") }
    emit("            </objects>")
    emit("            <point key=\"canvasLocation\" x=\"\(x)\" y=\"\(y)\"/>")
    emit("        </scene>")
}

func navigation(_ name: String, root: String, tabTitle: String?, x: Int, y: Int) {
    sceneOpen(name, comment: "Navigation Controller")
    emit(
        "                <navigationController automaticallyAdjustsScrollViewInsets=\"NO\" id=\"\(ibID(name))\" sceneMemberID=\"viewController\">"
    )
    if let tabTitle {
        emit(
            "                    <tabBarItem key=\"tabBarItem\" title=\"\(tabTitle)\" image=\"square\" id=\"\(ibID(name + ".tab"))\"/>"
        )
    }
    emit("                    <toolbarItems/>")
    emit(
        "                    <navigationBar key=\"navigationBar\" contentMode=\"scaleToFill\" insetsLayoutMarginsFromSafeArea=\"NO\" largeTitles=\"YES\" id=\"\(ibID(name + ".bar"))\">"
    )
    emit("                        <rect key=\"frame\" x=\"0.0\" y=\"59\" width=\"393\" height=\"96\"/>")
    emit("                        <autoresizingMask key=\"autoresizingMask\"/>")
    emit("                    </navigationBar>")
    emit("                    <nil name=\"viewControllers\"/>")
    emit("                    <connections>")
    emitSegue(
        Segue(destination: root, kind: "relationship", identifier: "rootViewController"), from: name,
        indent: "                        ")
    emit("                    </connections>")
    emit("                </navigationController>")
    sceneClose(name, x: x, y: y)
}

/// A navigation item's right bar button items (system items by name, others by title).
func rightBarButtonItems(_ name: String, _ items: [(String, Segue)]) {
    emit("                        <rightBarButtonItems>")
    for (index, (label, segue)) in items.enumerated() {
        let system = ["add", "compose", "search", "action"].contains(label)
        emit(
            "                            <barButtonItem \(system ? "systemItem" : "title")=\"\(label)\" id=\"\(ibID("\(name).bar\(index)"))\">"
        )
        emit("                                <connections>")
        emitSegue(segue, from: "\(name).bar\(index)", indent: "                                    ")
        emit("                                </connections>")
        emit("                            </barButtonItem>")
    }
    emit("                        </rightBarButtonItems>")
}

/// A screen with a custom class, a title, buttons with segues and bar button items.
func screen(
    _ name: String, className: String?, title: String, storyboardID: String? = nil, buttons: [(String, Segue?)],
    barItems: [(String, Segue)] = [], manual: [Segue] = [], exit: String? = nil, x: Int, y: Int
) {
    sceneOpen(name, comment: title)
    var attributes = "title=\"\(title)\""
    if let storyboardID { attributes += " storyboardIdentifier=\"\(storyboardID)\"" }
    attributes += " id=\"\(ibID(name))\""
    if let className {
        attributes += " customClass=\"\(className)\" customModule=\"Shelf\" customModuleProvider=\"target\""
    }
    emit("                <viewController \(attributes) sceneMemberID=\"viewController\">")
    layout(name, title: title, buttons: buttons)
    emit(
        "                    <navigationItem key=\"navigationItem\" title=\"\(title)\" id=\"\(ibID(name + ".item"))\">")
    if !barItems.isEmpty {
        rightBarButtonItems(name, barItems)
    }
    emit("                    </navigationItem>")
    if !manual.isEmpty {
        emit("                    <connections>")
        for segue in manual { emitSegue(segue, from: name, indent: "                        ") }
        emit("                    </connections>")
    }
    emit("                </viewController>")
    sceneClose(name, x: x, y: y, exit: exit)
}

/// A list with a prototype cell that shows `detail`.
func list(
    _ name: String, className: String, title: String, cell: String, detail: String, identifier: String,
    barItems: [(String, Segue)], x: Int, y: Int
) {
    sceneOpen(name, comment: title)
    emit(
        "                <tableViewController title=\"\(title)\" id=\"\(ibID(name))\" customClass=\"\(className)\" customModule=\"Shelf\" customModuleProvider=\"target\" sceneMemberID=\"viewController\">"
    )
    emit(
        "                    <tableView key=\"view\" clipsSubviews=\"YES\" contentMode=\"scaleToFill\" alwaysBounceVertical=\"YES\" dataMode=\"prototypes\" style=\"plain\" separatorStyle=\"default\" rowHeight=\"-1\" estimatedRowHeight=\"-1\" sectionHeaderHeight=\"28\" sectionFooterHeight=\"28\" id=\"\(ibID(name + ".table"))\">"
    )
    emit("                        <rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"393\" height=\"852\"/>")
    emit(
        "                        <autoresizingMask key=\"autoresizingMask\" widthSizable=\"YES\" heightSizable=\"YES\"/>"
    )
    emit("                        <color key=\"backgroundColor\" systemColor=\"systemBackgroundColor\"/>")
    emit("                        <prototypes>")
    let cellID = ibID(name + ".cell")
    emit(
        "                            <tableViewCell clipsSubviews=\"YES\" contentMode=\"scaleToFill\" preservesSuperviewLayoutMargins=\"YES\" selectionStyle=\"default\" accessoryType=\"disclosureIndicator\" indentationWidth=\"10\" reuseIdentifier=\"\(cell)\" textLabel=\"\(ibID(name + ".cell.label"))\" detailTextLabel=\"\(ibID(name + ".cell.detail"))\" style=\"IBUITableViewCellStyleSubtitle\" id=\"\(cellID)\">"
    )
    emit("                                <rect key=\"frame\" x=\"0.0\" y=\"50\" width=\"393\" height=\"55.5\"/>")
    emit("                                <autoresizingMask key=\"autoresizingMask\"/>")
    emit(
        "                                <tableViewCellContentView key=\"contentView\" opaque=\"NO\" clipsSubviews=\"YES\" multipleTouchEnabled=\"YES\" contentMode=\"center\" preservesSuperviewLayoutMargins=\"YES\" insetsLayoutMarginsFromSafeArea=\"NO\" tableViewCell=\"\(cellID)\" id=\"\(ibID(name + ".cell.content"))\">"
    )
    emit(
        "                                    <rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"362.66666666666669\" height=\"55.5\"/>"
    )
    emit("                                    <autoresizingMask key=\"autoresizingMask\"/>")
    emit("                                    <subviews>")
    for part in ["label", "detail"] {
        emit(
            "                                        <label opaque=\"NO\" multipleTouchEnabled=\"YES\" contentMode=\"left\" insetsLayoutMarginsFromSafeArea=\"NO\" text=\"\(part == "label" ? "Title" : "Subtitle")\" textAlignment=\"natural\" lineBreakMode=\"tailTruncation\" baselineAdjustment=\"alignBaselines\" adjustsFontSizeToFit=\"NO\" id=\"\(ibID("\(name).cell.\(part)"))\">"
        )
        emit(
            "                                            <rect key=\"frame\" x=\"20\" y=\"\(part == "label" ? 10 : 31)\" width=\"33\" height=\"20.333333333333332\"/>"
        )
        emit("                                            <autoresizingMask key=\"autoresizingMask\"/>")
        emit(
            "                                            <fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"\(part == "label" ? 17 : 12)\"/>"
        )
        emit("                                            <nil key=\"textColor\"/>")
        emit("                                            <nil key=\"highlightedColor\"/>")
        emit("                                        </label>")
    }
    emit("                                    </subviews>")
    emit("                                </tableViewCellContentView>")
    emit("                                <connections>")
    emitSegue(
        Segue(destination: detail, kind: "show", identifier: identifier), from: name + ".cell",
        indent: "                                    ")
    emit("                                </connections>")
    emit("                            </tableViewCell>")
    emit("                        </prototypes>")
    emit("                        <connections>")
    emit(
        "                            <outlet property=\"dataSource\" destination=\"\(ibID(name))\" id=\"\(ibID(name + ".ds"))\"/>"
    )
    emit(
        "                            <outlet property=\"delegate\" destination=\"\(ibID(name))\" id=\"\(ibID(name + ".dl"))\"/>"
    )
    emit("                        </connections>")
    emit("                    </tableView>")
    emit(
        "                    <navigationItem key=\"navigationItem\" title=\"\(title)\" id=\"\(ibID(name + ".item"))\">")
    rightBarButtonItems(name, barItems)
    emit("                    </navigationItem>")
    emit("                </tableViewController>")
    sceneClose(name, x: x, y: y)
}

// MARK: The storyboard

let copies = CommandLine.arguments.count > 1 ? max(Int(CommandLine.arguments[1]) ?? 1, 1) : 1
let sections = (1...copies).flatMap { copy in
    ["Book", "Author", "Shop", "Event", "List"].map { $0 + (copy == 1 ? "" : "\(copy)") + "s" }
}
emit("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
emit("<!-- Generated by scripts/make-large-storyboard.swift; do not edit. -->")
emit(
    "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" toolsVersion=\"22505\" targetRuntime=\"iOS.CocoaTouch\" propertyAccessControl=\"none\" useAutolayout=\"YES\" useTraitCollections=\"YES\" useSafeAreas=\"YES\" colorMatched=\"YES\" initialViewController=\"\(ibID("tabs"))\">"
)
emit("    <device id=\"retina6_12\" orientation=\"portrait\" appearance=\"light\"/>")
emit("    <dependencies>")
emit("        <plugIn identifier=\"com.apple.InterfaceBuilder.IBCocoaTouchPlugin\" version=\"22504\"/>")
emit("        <capability name=\"Safe area layout guides\" minToolsVersion=\"9.0\"/>")
emit("        <capability name=\"System colors in document resources\" minToolsVersion=\"11.0\"/>")
emit("        <capability name=\"documents saved in the Xcode 8 format\" minToolsVersion=\"8.0\"/>")
emit("    </dependencies>")
emit("    <scenes>")

sceneOpen("tabs", comment: "Tab Bar Controller")
emit("                <tabBarController id=\"\(ibID("tabs"))\" sceneMemberID=\"viewController\">")
emit(
    "                    <tabBar key=\"tabBar\" contentMode=\"scaleToFill\" insetsLayoutMarginsFromSafeArea=\"NO\" id=\"\(ibID("tabs.bar"))\">"
)
emit("                        <rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"393\" height=\"49\"/>")
emit("                    </tabBar>")
emit("                    <connections>")
for section in sections {
    emitSegue(
        Segue(destination: "\(section).nav", kind: "relationship", identifier: "viewControllers"), from: "tabs",
        indent: "                        ")
}
emit("                    </connections>")
emit("                </tabBarController>")
sceneClose("tabs", x: -2000, y: 1500)

for (row, section) in sections.enumerated() {
    let singular = String(section.dropLast())
    let y = row * 1100
    navigation("\(section).nav", root: "\(section).list", tabTitle: section, x: -1200, y: y)
    list(
        "\(section).list", className: "\(singular)ListViewController", title: section, cell: "\(singular)Cell",
        detail: "\(section).detail", identifier: "show\(singular)",
        barItems: [
            ("add", Segue(destination: "\(section).add.nav", kind: "presentation", identifier: "add\(singular)")),
            (
                "search",
                Segue(
                    destination: "\(section).search.nav", kind: "presentation", identifier: "search\(section)",
                    extra: "modalPresentationStyle=\"fullScreen\"")
            )
        ],
        x: -600, y: y)
    screen(
        "\(section).detail", className: "\(singular)ViewController", title: singular, storyboardID: "\(singular)Detail",
        buttons: [
            (
                "Share",
                Segue(
                    destination: "\(section).share.nav", kind: "presentation", identifier: "share\(singular)",
                    extra: "modalPresentationStyle=\"formSheet\"")
            ),
            ("Notes", Segue(destination: "\(section).notes", kind: "show", identifier: "show\(singular)Notes")),
            ("History", Segue(destination: "\(section).history", kind: "show", identifier: nil)),
            (
                "Map",
                Segue(
                    destination: "\(section).map", kind: "show", identifier: "show\(singular)Map",
                    extra: "destinationCreationSelector=\"make\(singular)Map:\"")
            )
        ],
        barItems: [
            ("compose", Segue(destination: "\(section).edit.nav", kind: "presentation", identifier: "edit\(singular)"))
        ],
        manual: [Segue(destination: "\(section).related", kind: "show", identifier: "showRelated\(section)")], x: 0,
        y: y)
    for (index, modal) in ["add", "search", "share", "edit"].enumerated() {
        navigation("\(section).\(modal).nav", root: "\(section).\(modal)", tabTitle: nil, x: 600, y: y + index * 250)
        screen(
            "\(section).\(modal)", className: "\(capitalized(modal))\(singular)ViewController",
            title: "\(capitalized(modal)) \(singular)",
            buttons: [
                (
                    "Done",
                    Segue(
                        destination: "\(section).\(modal).exit", kind: "unwind",
                        identifier: "done\(capitalized(modal))\(singular)",
                        extra: "unwindAction=\"unwindTo\(section):\"")
                )
            ],
            exit: "\(section).\(modal).exit", x: 1200, y: y + index * 250)
    }
    screen(
        "\(section).notes", className: nil, title: "\(singular) Notes",
        buttons: [
            (
                "Edit notes",
                Segue(
                    destination: "\(section).edit.nav", kind: "presentation", identifier: "editNotes",
                    extra: "animates=\"NO\"")
            )
        ], x: 600, y: y + 1000)
    screen("\(section).history", className: nil, title: "\(singular) History", buttons: [], x: 600, y: y + 1050)
    screen(
        "\(section).map", className: "\(singular)MapViewController", title: "\(singular) Map", buttons: [], x: 600,
        y: y + 1100)
    screen(
        "\(section).related", className: nil, title: "Related \(section)",
        buttons: [("Open", Segue(destination: "\(section).detail", kind: "show", identifier: "openRelated"))], x: 600,
        y: y + 1150)
}
emit("    </scenes>")
emit("    <resources>")
emit("        <image name=\"square\" catalog=\"system\" width=\"128\" height=\"114\"/>")
emit("        <systemColor name=\"systemBackgroundColor\">")
emit(
    "            <color white=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"genericGamma22GrayColorSpace\"/>"
)
emit("        </systemColor>")
emit("    </resources>")
emit("</document>")
print(lines.joined(separator: "\n"))
