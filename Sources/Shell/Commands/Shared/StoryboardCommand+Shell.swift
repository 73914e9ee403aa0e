import SegueTools

/// `storyboard` in the shell: the command's own declaration (in SegueTools, where lessons'
/// ```seguelab blocks run it too).
extension StoryboardCommand: SharedCommand {}
