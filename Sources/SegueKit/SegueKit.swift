// SegueKit
