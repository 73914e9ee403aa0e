import Foundation
import Testing

@testable import SegueKit

/// A storyboard too deep or too large, or a file that is no storyboard at all, is refused with
/// where and why; none crashes the reader.
@Suite("Storyboard bounds")
struct StoryboardBoundsTests {
    static let header = #"<?xml version="1.0" encoding="UTF-8"?>"#

    /// `levels` nested views inside one scene's view, all on line 3.
    static func nested(_ levels: Int) -> String {
        Self.header + "\n<document type=\"x\" version=\"3.0\"><scenes><scene sceneID=\"s\"><objects>\n"
            + "<viewController id=\"a\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v\">"
            + (0..<levels).map { "<view id=\"n\($0)\">" }.joined() + String(repeating: "</view>", count: levels)
            + "</view></viewController></objects></scene></scenes></document>\n"
    }

    func loadError(_ xml: String) -> String? {
        do {
            _ = try StoryboardDocument.parse(Data(xml.utf8), path: "X.storyboard")
            return nil
        } catch let error as StoryboardError {
            return "\(error.location): \(error.message)"
        } catch {
            return "unexpected error \(error)"
        }
    }

    /// 9,000 levels used to end the process with SIGSEGV (the stack exhausted).
    @Test func aStoryboardNestedNineThousandDeepIsRefusedWhereItCrossesTheBound() {
        let xml = Self.nested(9000)
        // document, scenes, scene, objects, viewController, view: 6 levels, then n0 at level 7:
        // n194 is the 201st level.
        let before =
            "<viewController id=\"a\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v\">"
            + (0..<194).map { "<view id=\"n\($0)\">" }.joined()
        let column = before.utf8.count + 1
        #expect(
            loadError(xml)
                == "X.storyboard:3:\(column): elements nested more than 200 deep: a storyboard is never this deep")
    }

    @Test func aStoryboardAtTheDepthBoundLoads() {
        #expect(loadError(Self.nested(194)) == nil)
    }

    /// A well-formed file over the size limit used to be "malformed XML: XMLParser error 1".
    @Test func aStoryboardOverTheSizeLimitSaysTheLimit() throws {
        let padding = "<!--" + String(repeating: "x", count: 10_600_000) + "-->"
        let xml = Self.nested(1).replacingOccurrences(of: "<scenes>", with: padding + "<scenes>")
        #expect(
            loadError(xml)
                == "X.storyboard:1:1: storyboard too large: it is 10.1 MB, and a storyboard may be at most 8 MB")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).storyboard")
        try Data(xml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: StoryboardError.self) { try StoryboardDocument.load(contentsOf: file) }
        do {
            _ = try StoryboardDocument.load(contentsOf: file)
        } catch let error as StoryboardError {
            #expect(error.message == "cannot read storyboard: it is 10.1 MB, and a storyboard may be at most 8 MB")
        }
    }

    /// /dev/zero used to be "You don't have permission"; a missing file is not a permission problem either.
    @Test func aFileThatIsNoStoryboardIsSaidForWhatItIs() throws {
        func message(_ path: String) -> String? {
            do {
                _ = try StoryboardDocument.load(contentsOf: URL(fileURLWithPath: path))
                return nil
            } catch let error as StoryboardError {
                return error.message
            } catch {
                return "unexpected error \(error)"
            }
        }
        #expect(
            message("/dev/zero") == "cannot read storyboard: it is not a regular file (a device, a pipe or a socket)")
        #expect(message("/tmp") == "cannot read storyboard: it is a folder, not a file")
        #expect(message("/nowhere/Main.storyboard") == "cannot read storyboard: no such file")
    }
}
