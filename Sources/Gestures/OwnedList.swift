/// A growable list that one owner (a recognizer, the surface) keeps and reads and writes in place
/// at every event.
///
/// An array stored in a class costs a uniqueness check (and the code for a copy it never makes)
/// at every write and a retain at many reads; the delivery paths touch these lists several times
/// per event (the recognizers' touch lists as arrays cost 4 % of compatibility mode's
/// instructions more, tools/cost). Being noncopyable, this list has one owner and needs neither:
/// its storage is the owner's alone and goes with it. Indices are checked, as an array's are.
struct OwnedList<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    /// An empty list with room for `capacity` elements before it grows: reserved at set-up, so
    /// the first event that fills it allocates nothing.
    init(capacity: Int = 2) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Element {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "index out of range")
            return base[index]
        }
        @inline(__always) _modify {
            precondition(index >= 0 && index < count, "index out of range")
            yield &base[index]
        }
    }

    /// The elements in place, for loops that read every one; valid until the list next changes.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// The elements in place, for loops that update every one; valid until the list next changes
    /// its length.
    var mutableElements: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }

    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Empties the list, keeping its storage.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// Removes the elements `shouldRemove` picks, keeping the others in order.
    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        var kept = 0
        for index in 0..<count {
            if shouldRemove(base[index]) {
                (base + index).deinitialize(count: 1)
            } else {
                if kept != index { (base + kept).moveInitialize(from: base + index, count: 1) }
                kept += 1
            }
        }
        count = kept
    }

    func contains(where predicate: (Element) -> Bool) -> Bool {
        firstIndex(where: predicate) != nil
    }

    func firstIndex(where predicate: (Element) -> Bool) -> Int? {
        for index in 0..<count where predicate(base[index]) { return index }
        return nil
    }

    /// Grows out of line: rare, and the callers stay small enough to inline.
    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
