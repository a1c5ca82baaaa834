import Gestures

// The target the ```swift blocks of README.md and docs/ compile in (SwiftBlocksPlugin): nothing
// links it, so the blocks' @Test examples are built and never run. What the blocks name without
// defining, as an app's own code would, stands here.

/// An app's page with its swipe back, as Examples/ defines it.
func swipeBackPage() -> Surface {
    Surface()
}
