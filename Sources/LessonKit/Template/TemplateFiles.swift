import Foundation

/// The text of the `pack new` template's files.
enum TemplateFiles {
    static func manifest(id: String, title: String) -> String {
        let quotedTitle = title.replacingOccurrences(of: "\"", with: "\\\"")
        return """
            # A lesson pack for seguelab. Check it with: seguelab pack check .
            id: \(id)
            title: "\(quotedTitle)"
            version: 1.0.0
            format: 1
            authors:
              - Your Name
            languages: [en]
            default-language: en
            minimum-seguelab: \(SeguelabVersion.current)
            # Swift shared by every program in the pack (hidden from learners).
            support:
              - support/Screens.swift
            storyboards:
              - storyboards
            # Lesson files under lessons/, without .md, in teaching order.
            lessons:
              - 01-first-segue

            """
    }

    static let screens = #"""
        import UIKit

        /// The first screen: a list that shows an item's details through the "showDetail" segue.
        class ListViewController: UIViewController {
            /// What the detail screen will show.
            var selectedItem = "Segues"

            override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                if segue.identifier == "showDetail", let detail = segue.destination as? DetailViewController {
                    detail.item = selectedItem
                }
            }
        }

        /// The detail screen, given its item in `prepare(for:sender:)`.
        class DetailViewController: UIViewController {
            var item: String?
        }

        /// Keeps the window alive while the program runs, as an app delegate would.
        var appWindow: UIWindow?

        /// Loads Main.storyboard into a window and returns its navigation controller.
        func launchApp() -> UINavigationController {
            let storyboard = UIStoryboard(name: "Main", bundle: nil)
            let navigation = storyboard.instantiateInitialViewController() as! UINavigationController
            let window = UIWindow()
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            appWindow = window
            return navigation
        }

        """#

    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="Nav-0q-1aZ">
            <scenes>
                <!--Navigation Controller-->
                <scene sceneID="NcS-1q-aaa">
                    <objects>
                        <navigationController id="Nav-0q-1aZ" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="Bar-2w-9xK">
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <connections>
                                <segue destination="Lst-3e-7pQ" kind="relationship" relationship="rootViewController" id="Rel-4r-2mN"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-5t-3bV" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--List View Controller-->
                <scene sceneID="LsS-6y-bbb">
                    <objects>
                        <viewController storyboardIdentifier="List" id="Lst-3e-7pQ" customClass="ListViewController" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Vw1-7u-4cX">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            </view>
                            <connections>
                                <segue destination="Dtl-8i-5dY" kind="show" identifier="showDetail" id="Seg-9o-6eZ"/>
                            </connections>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-0p-7fA" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Detail View Controller-->
                <scene sceneID="DtS-1a-ccc">
                    <objects>
                        <viewController storyboardIdentifier="Detail" id="Dtl-8i-5dY" customClass="DetailViewController" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Vw2-2s-8gB">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-3d-9hC" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>

        """#

    static let lesson = #"""
        ---
        id: first-segue
        title: Your first segue
        goal: Perform a storyboard segue by its identifier and pass data in prepare(for:sender:).
        ---

        This lesson uses `Main.storyboard`: a navigation controller whose root is a
        `ListViewController`, with a **show** segue named `showDetail` to a `DetailViewController`.

        ## Welcome {#welcome}

        A segue is a transition drawn in a storyboard. Your code triggers it by name with
        `performSegue(withIdentifier:sender:)`, and UIKit calls `prepare(for:sender:)` on the
        source just before the transition: the place to hand data to the destination.

        Type `next` to continue.

        ## Perform a segue {#perform}

        Run this example with `run` and watch the navigation: a fresh `DetailViewController`
        is created from the storyboard, prepared, then pushed.

        ```step
        kind: example
        storyboard: Main
        checks:
          - output-contains: "Top: DetailViewController"
          - trace: { kind: push, destination: DetailViewController }
        ```

        ```swift example
        import UIKit

        let navigation = launchApp()
        navigation.topViewController?.performSegue(withIdentifier: "showDetail", sender: nil)
        print("Top:", type(of: navigation.topViewController!))
        ```

        ## Who asks first? {#who-asks}

        ```step
        kind: choice
        question: Which way of starting a segue asks shouldPerformSegue(withIdentifier:sender:) first?
        choices:
          - text: A segue triggered by the storyboard (a button, a table cell)
            correct: true
            feedback: Right. UIKit asks the source before a storyboard-triggered segue, and `false` cancels it.
          - text: Calling performSegue(withIdentifier:sender:) in code
            feedback: A programmatic performSegue does not ask; your code already decided.
          - text: Both of them
            feedback: Only one of them asks. Calling performSegue yourself skips the question.
        hints:
          - Think about who decides that the segue should happen in each case.
        explanation: When your own code calls performSegue, it has already decided, so UIKit does not ask again.
        ```

        ## The method that hands over data {#prepare-name}

        Which method of the source view controller does UIKit call just before the transition,
        so that you can configure the destination?

        ```step
        kind: text
        accept:
          - prepare(for:sender:)
          - prepare(for segue:sender:)
        pattern: 'prepare(\(for:\s*sender:\))?'
        right-answers:
          - prepare
          - "override func prepare(for segue: UIStoryboardSegue, sender: Any?)"
        wrong-answers:
          - performSegue(withIdentifier:sender:)
          - prepare(for:)
          - viewDidLoad
        hints:
          - Its name is a verb meaning "get ready".
          - It takes the segue and the sender.
        ```

        ## Predict the item {#predict-item}

        What does this program print? Type your prediction, then see the real output.

        ```step
        kind: predict
        predict: output
        answer: Unwind
        storyboard: Main
        hints:
          - prepare(for:sender:) copies selectedItem into the destination.
        ```

        ```swift example
        import UIKit

        let navigation = launchApp()
        let list = navigation.topViewController as! ListViewController
        list.selectedItem = "Unwind"
        list.performSegue(withIdentifier: "showDetail", sender: nil)
        let detail = navigation.topViewController as! DetailViewController
        print(detail.item ?? "nil")
        ```

        ## At the prompt {#perform-at-prompt}

        `list` is the `ListViewController` on screen. Type one line of Swift that shows the
        detail screen. Any line that gets there is right.

        ```step
        kind: prompt
        storyboard: Main
        checks:
          - top: DetailViewController
          - trace: { kind: perform, identifier: showDetail }
        hints:
          - Segues are started by identifier.
          - "list.performSegue(withIdentifier: ..., sender: nil)"
        ```

        ```swift prelude
        import UIKit

        let navigation = launchApp()
        let list = navigation.topViewController as! ListViewController
        ```

        ```swift solution
        list.performSegue(withIdentifier: "showDetail", sender: nil)
        ```

        ## Pass the item {#pass-item}

        Make the detail screen show the item "Storyboards". Edit the code with `edit`,
        then `check` it.

        ```step
        kind: exercise
        storyboard: Main
        checks:
          - trace: { kind: push, destination: DetailViewController }
        hints:
          - The list hands `selectedItem` to the detail screen in prepare(for:sender:).
          - Set `list.selectedItem` before performing the segue.
        explanation: prepare(for:sender:) runs during performSegue, so the value must be set before it.
        ```

        ```swift starter
        import UIKit

        let navigation = launchApp()
        let list = navigation.topViewController as! ListViewController
        list.performSegue(withIdentifier: "showDetail", sender: nil)
        ```

        ```swift solution
        import UIKit

        let navigation = launchApp()
        let list = navigation.topViewController as! ListViewController
        list.selectedItem = "Storyboards"
        list.performSegue(withIdentifier: "showDetail", sender: nil)
        ```

        ```swift harness
        let screen = (appWindow?.rootViewController as? UINavigationController)?.topViewController
        lessonCheck("detail is on screen", screen is DetailViewController, "the detail screen was not pushed")
        lessonCheckEqual("detail shows Storyboards", (screen as? DetailViewController)?.item ?? "nil", "Storyboards")
        ```

        ## Identifiers are optional {#optional-identifier}

        `UIStoryboardSegue.identifier` is a `String?`: a segue drawn without a name has none.
        Change the function so the compiler accepts it.

        ```step
        kind: compiler
        expect: compiles
        hints:
          - The compiler wants the optional unwrapped.
          - "`??` gives a default: segue.identifier ?? \"(no identifier)\""
        ```

        ```swift starter
        import UIKit

        func describe(_ segue: UIStoryboardSegue) -> String {
            return "Segue " + segue.identifier
        }
        ```

        ```swift solution
        import UIKit

        func describe(_ segue: UIStoryboardSegue) -> String {
            return "Segue " + (segue.identifier ?? "(no identifier)")
        }
        ```

        """#
}
