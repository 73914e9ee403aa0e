import Foundation
import Testing

/// The device idiom (`SEGUEKIT_DEVICE`), tested in child processes: on an iPhone, in compact
/// width, split view controllers collapse and popovers and form sheets adapt (to a sheet, or to
/// what the presentation controller's delegate answers); on an iPad (and by default), neither.
@Suite("Device idiom")
struct DeviceTests {
    static let program = CompiledKit.scenarios("DeviceScenarios.swift", name: "DeviceApp")

    func lines(_ scenario: String, on device: String?) throws -> [String] {
        try CompiledKit.lines(
            of: try Self.program.get(), scenario, environment: device.map { ["SEGUEKIT_DEVICE": $0] } ?? [:])
    }

    static let sheetOverRoot = [
        "root.viewWillAppear", "root.viewDidAppear", "SHOWN.viewWillAppear", "SHOWN.viewDidAppear", "presented",
        "SHOWN.viewWillDisappear", "SHOWN.viewDidDisappear", "dismissed"
    ]

    static func overRoot(_ shown: String, asked: Bool = false) -> [String] {
        var lines = sheetOverRoot.map { $0.replacingOccurrences(of: "SHOWN", with: shown) }
        if asked { lines.insert("asked for the adaptive style", at: 2) }
        return lines
    }

    /// UIModalPresentationStyle.popover: "In iOS 13 and later, for horizontally or vertically
    /// compact environments, this option behaves the same as UIModalPresentationStyle.formSheet",
    /// which "In a compact-width, regular-height size class, the system displays the view
    /// controller as a sheet" (UIPopoverPresentationController.adaptiveSheetPresentationController:
    /// "The sheet presentation controller the popover adapts to in compact size classes"). A sheet
    /// leaves the presenter in place: it neither disappears nor reappears.
    @Test func onAnIPhoneAPopoverAdaptsToASheet() throws {
        #expect(try lines("popover", on: "iphone") == ["idiom: phone"] + Self.overRoot("popover"))
    }

    /// adaptivePresentationStyle(for:) "Asks the delegate for the new presentation style to use",
    /// which "must be UIModalPresentationStyle.fullScreen, UIModalPresentationStyle.overFullScreen,
    /// or UIModalPresentationStyle.none". Full screen covers the presenter, so it disappears, and
    /// reappears at the dismissal, in the order of any full-screen presentation: the presented
    /// controller's `viewDidAppear` (then the completion handler: "called after the viewDidAppear(_:)
    /// method is called on the presented view controller") and, dismissed, the presenter's
    /// `viewDidAppear` before the completion ("called after the viewDidDisappear(_:) method is
    /// called on the presented view controller").
    @Test func onAnIPhoneADelegateCanAdaptAPopoverOrFormSheetToFullScreen() throws {
        for shown in ["popoverFullScreen", "formSheetFullScreen"] {
            #expect(
                try lines(shown, on: "iphone") == [
                    "idiom: phone", "root.viewWillAppear", "root.viewDidAppear", "asked for the adaptive style",
                    "root.viewWillDisappear", "\(shown).viewWillAppear", "\(shown).viewDidAppear",
                    "root.viewDidDisappear", "presented",
                    "\(shown).viewWillDisappear", "root.viewWillAppear", "\(shown).viewDidDisappear",
                    "root.viewDidAppear", "dismissed"
                ])
        }
    }

    /// Answering UIModalPresentationStyle.none keeps the popover (the presenter stays on screen).
    @Test func onAnIPhoneADelegateAnsweringNoneKeepsThePopover() throws {
        #expect(try lines("popoverKept", on: "iphone") == ["idiom: phone"] + Self.overRoot("popoverKept", asked: true))
    }

    /// "In a horizontally regular environment, this style displays the view controller in a
    /// popover view" (UIModalPresentationStyle.popover): nothing adapts, the delegate is not asked
    /// (adaptivePresentationStyle "returns the presentation style to use when the presented view
    /// controller becomes horizontally compact"), and the presenter stays. Without
    /// SEGUEKIT_DEVICE the program runs as on an iPad.
    @Test func onAnIPadAPopoverStaysAPopover() throws {
        #expect(
            try lines("popoverFullScreen", on: "ipad") == ["idiom: pad"] + Self.overRoot("popoverFullScreen"))
        #expect(try lines("popoverFullScreen", on: nil) == ["idiom: pad"] + Self.overRoot("popoverFullScreen"))
    }

    /// collapseSecondaryViewController(_:for:) "provides default behavior when you do not overwrite
    /// the splitViewController(_:collapseSecondary:onto:) method"; a navigation controller primary
    /// takes the secondary onto its stack, so the detail is what shows. Collapsed,
    /// showDetailViewController(_:sender:) "calls show(_:sender:)" on the primary: a push.
    @Test func onAnIPhoneASplitViewCollapsesOntoItsPrimarysNavigationStack() throws {
        #expect(
            try lines("splitNavigationPrimary", on: "iphone") == [
                "idiom: phone", "detail.viewWillAppear", "detail.viewDidAppear",
                "collapsed: true; columns: UINavigationController",
                "primary stack: master, UINavigationController",
                "detail.viewWillDisappear", "other.viewWillAppear", "detail.viewDidDisappear", "other.viewDidAppear",
                "after showDetail, columns: UINavigationController",
                "primary stack: master, UINavigationController, other"
            ])
    }

    /// "In a regular environment, the UISplitViewController class overrides this method and
    /// installs vc as its detail view controller" (showDetailViewController(_:sender:)).
    @Test func onAnIPadASplitViewShowsBothColumnsAndReplacesTheDetail() throws {
        #expect(
            try lines("splitNavigationPrimary", on: "ipad") == [
                "idiom: pad", "master.viewWillAppear", "detail.viewWillAppear", "master.viewDidAppear",
                "detail.viewDidAppear",
                "collapsed: false; columns: UINavigationController, UINavigationController",
                "primary stack: master",
                "detail.viewWillDisappear", "other.viewWillAppear", "detail.viewDidDisappear", "other.viewDidAppear",
                "after showDetail, columns: UINavigationController, other",
                "primary stack: master"
            ])
    }

    /// A primary that is not a navigation controller has nothing to push onto: "The primary view
    /// controller associated with the split view controller is displayed", and a detail shown
    /// later is presented by it (show(_:sender:) outside a navigation controller presents).
    @Test func onAnIPhoneAPlainPrimaryIsShownAlone() throws {
        #expect(
            try lines("splitPlainPrimary", on: "iphone") == [
                "idiom: phone", "master.viewWillAppear", "master.viewDidAppear",
                "collapsed: true; columns: master",
                "other.viewWillAppear", "after showDetail, columns: master", "other.viewDidAppear"
            ])
    }

    /// splitViewController(_:collapseSecondary:onto:) "Asks the delegate to adjust the primary
    /// view controller and to incorporate the secondary view controller into the collapsed
    /// interface"; answering true says the delegate did it (Apple's master-detail samples return
    /// true to show the primary alone), so the primary does nothing with the secondary.
    /// splitViewController(_:showDetail:sender:) "Asks the delegate if it will do the work of
    /// displaying a view controller in the secondary position": true, and the split view
    /// controller shows nothing, on either device.
    @Test func aDelegateCanKeepThePrimaryAloneAndShowDetailsItself() throws {
        #expect(
            try lines("splitDelegateKeepsPrimary", on: "iphone") == [
                "idiom: phone", "asked to collapse UINavigationController", "master.viewWillAppear",
                "master.viewDidAppear", "collapsed: true; columns: UINavigationController", "primary stack: master",
                "asked to show other", "after showDetail, columns: UINavigationController", "primary stack: master"
            ])
        #expect(
            try lines("splitDelegateKeepsPrimary", on: "ipad") == [
                "idiom: pad", "master.viewWillAppear", "detail.viewWillAppear", "master.viewDidAppear",
                "detail.viewDidAppear", "collapsed: false; columns: UINavigationController, UINavigationController",
                "primary stack: master", "asked to show other",
                "after showDetail, columns: UINavigationController, UINavigationController", "primary stack: master"
            ])
    }
}
