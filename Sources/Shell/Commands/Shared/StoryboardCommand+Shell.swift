import SegueTools

/// `storyboard` in the shell: the command's own declaration (in SegueTools, where lessons'
/// ```seguelab blocks run it too), completed with a file at Tab.
extension StoryboardCommand: SharedCommand {
    public static let shellCompletion: [ArgumentKind] = [.file]
}
