// SegueTools
