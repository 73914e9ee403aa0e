import UIKit

final class CounterViewController: UIViewController {
    var count = 0
}

let counter = CounterViewController()

counter.count += 1

counter.count * 10

let navigation = UINavigationController(rootViewController: counter)

navigation.viewControllers.count

print("pushed", navigation.topViewController === counter)

counter.count
