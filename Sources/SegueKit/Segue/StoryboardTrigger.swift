/// A segue connected to a control, bar button item or table cell in a storyboard, bound to
/// the view controller that owns the scene. Firing it is what a tap does.
@MainActor
struct StoryboardTrigger {
    weak var owner: UIViewController?
    let segue: SegueDefinition

    func fire(sender: Any?) {
        owner?.triggerStoryboardSegue(segue, sender: sender)
    }
}
