// UIKit re-exports Foundation (IndexPath, CGRect, Bundle, NSCoder...); so does SegueKit.
@_exported import Foundation
