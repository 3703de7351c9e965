// The interpreter's shared memory: a fixed-size array of 64-bit cells that is cheap to copy.
// Exploration copies machine states at every scheduling point it may come back to (the search
// stack, the state cache, final states), while a step changes one or two cells; a plain vector
// made every copy cost the whole memory (a `shared a[10000000]` was 80 MB a state). The cells
// live in chunks shared between copies and copied on the first write after a copy (copy on
// write), so a copy costs one pointer per chunk and a write at most one chunk. Chunks are
// reference counted with std::shared_ptr, so copies may be used by different threads (the
// parallel explorer's workers each copy the same start state); a chunk is only written when
// this array is its sole owner. A memory that fits in one chunk is one chunk of its own size.
// `BasicCells<false>` writes shared chunks in place, so a write shows through every copy: the
// broken variant the tests use to show that their copy properties catch a lost copy on write.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace racelang {

template <bool kCopyOnWrite> class BasicCells {
public:
  static constexpr size_t kChunkCells = 4096;

  BasicCells() = default;
  explicit BasicCells(size_t count); // every cell 0
  explicit BasicCells(const std::vector<int64_t>& values);

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int64_t operator[](size_t cell) const { return chunks_[cell / kChunkCells][cell % kChunkCells]; }
  int64_t at(size_t cell) const; // throws std::out_of_range past the end
  void set(size_t cell, int64_t value) {
    writable_chunk(cell / kChunkCells)[cell % kChunkCells] = value;
  }

  // The cells [first, first + count) as a vector; all of them.
  std::vector<int64_t> slice(size_t first, size_t count) const;
  std::vector<int64_t> to_vector() const { return slice(0, size_); }

  // The chunks in order: chunk k holds cells [k * kChunkCells, ...). `chunk_identity(k)` is
  // the same for two arrays exactly when they share chunk k's storage (equal contents need not
  // share it): a cache may key a chunk's contents by it, as long as it keeps the array (or a
  // copy) alive so the storage is not reused.
  size_t chunk_count() const { return chunks_.size(); }
  std::span<const int64_t> chunk(size_t k) const;
  const void* chunk_identity(size_t k) const { return chunks_[k].get(); }

  bool operator==(const BasicCells& other) const;
  std::strong_ordering operator<=>(const BasicCells& other) const; // lexicographic

private:
  friend class ChunkIds;
  int64_t* writable_chunk(size_t k);
  size_t chunk_size(size_t k) const;

  std::vector<std::shared_ptr<int64_t[]>> chunks_;
  size_t size_ = 0;
};

using Cells = BasicCells<true>;
extern template class BasicCells<true>;
extern template class BasicCells<false>;

// Small numbers for the contents of chunks: equal ids exactly when the chunks' cells are equal.
// For cache keys of large memories (explore's state cache): a chunk whose storage was numbered
// before gets its id without its contents being read or hashed, so a state that shares all
// but one chunk with known states costs one chunk's hash. The table keeps every numbered
// chunk's storage alive (so an address is never reused for other contents).
class ChunkIds {
public:
  uint32_t id(const Cells& cells, size_t k);

private:
  struct ViewHash {
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<const void*, uint32_t> by_storage_;
  std::unordered_map<std::string_view, uint32_t, ViewHash> by_contents_; // views of kept_
  std::vector<std::shared_ptr<int64_t[]>> kept_;
};

} // namespace racelang
