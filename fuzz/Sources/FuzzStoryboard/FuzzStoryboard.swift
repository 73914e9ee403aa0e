import Foundation
import SegueKit

/// Feeds arbitrary bytes to the storyboard loader: it must return a document or throw a
/// StoryboardError, never crash or hang.
func fuzzStoryboard(_ data: Data) {
    do {
        let document = try StoryboardDocument.parse(data, path: "Fuzz.storyboard")
        _ = document.scenes.count
    } catch let error as StoryboardError {
        _ = "\(error)"
    } catch {
        preconditionFailure("unexpected error type \(type(of: error)): \(error)")
    }
}
