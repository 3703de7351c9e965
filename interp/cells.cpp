// Copy-on-write chunked cells (see cells.h).
#include "interp/cells.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace racelang {
namespace {

std::shared_ptr<int64_t[]> zero_chunk(size_t cells) {
  return std::make_shared<int64_t[]>(cells); // value-initialised: every cell 0
}

} // namespace

template <bool kCopyOnWrite> BasicCells<kCopyOnWrite>::BasicCells(size_t count) : size_(count) {
  if (count == 0) return;
  size_t full = count / kChunkCells;
  size_t rest = count % kChunkCells;
  chunks_.reserve(full + (rest ? 1 : 0));
  if (full > 0) {
    // Every full chunk starts as the same zero chunk: a large array that is never written
    // costs one chunk, and the first write to a chunk gives it storage of its own.
    auto zeros = zero_chunk(kChunkCells);
    chunks_.assign(full, zeros);
  }
  if (rest) chunks_.push_back(zero_chunk(rest));
}

template <bool kCopyOnWrite>
BasicCells<kCopyOnWrite>::BasicCells(const std::vector<int64_t>& values)
    : BasicCells(values.size()) {
  for (size_t k = 0; k < chunks_.size(); ++k) {
    size_t first = k * kChunkCells;
    std::copy_n(values.data() + first, chunk_size(k), writable_chunk(k));
  }
}

template <bool kCopyOnWrite> size_t BasicCells<kCopyOnWrite>::chunk_size(size_t k) const {
  return std::min(kChunkCells, size_ - k * kChunkCells);
}

template <bool kCopyOnWrite> int64_t BasicCells<kCopyOnWrite>::at(size_t cell) const {
  if (cell >= size_)
    throw std::out_of_range("cell " + std::to_string(cell) + " of " + std::to_string(size_));
  return (*this)[cell];
}

template <bool kCopyOnWrite> int64_t* BasicCells<kCopyOnWrite>::writable_chunk(size_t k) {
  std::shared_ptr<int64_t[]>& c = chunks_[k];
  // use_count() is exact when it is 1: no other owner exists to copy it concurrently.
  if (kCopyOnWrite && c.use_count() != 1) {
    size_t n = chunk_size(k);
    auto own = std::make_shared_for_overwrite<int64_t[]>(n);
    std::memcpy(own.get(), c.get(), n * sizeof(int64_t));
    c = std::move(own);
  }
  return c.get();
}

template <bool kCopyOnWrite>
std::span<const int64_t> BasicCells<kCopyOnWrite>::chunk(size_t k) const {
  return {chunks_[k].get(), chunk_size(k)};
}

template <bool kCopyOnWrite>
std::vector<int64_t> BasicCells<kCopyOnWrite>::slice(size_t first, size_t count) const {
  std::vector<int64_t> out;
  out.reserve(count);
  for (size_t cell = first; cell < first + count;) {
    size_t k = cell / kChunkCells, offset = cell % kChunkCells;
    size_t n = std::min(chunk_size(k) - offset, first + count - cell);
    out.insert(out.end(), chunks_[k].get() + offset, chunks_[k].get() + offset + n);
    cell += n;
  }
  return out;
}

template <bool kCopyOnWrite>
bool BasicCells<kCopyOnWrite>::operator==(const BasicCells& other) const {
  if (size_ != other.size_) return false;
  for (size_t k = 0; k < chunks_.size(); ++k) {
    if (chunks_[k] == other.chunks_[k]) continue;
    if (std::memcmp(chunks_[k].get(), other.chunks_[k].get(), chunk_size(k) * sizeof(int64_t)))
      return false;
  }
  return true;
}

template <bool kCopyOnWrite>
std::strong_ordering BasicCells<kCopyOnWrite>::operator<=>(const BasicCells& other) const {
  size_t common = std::min(chunks_.size(), other.chunks_.size());
  for (size_t k = 0; k < common; ++k) {
    if (chunks_[k] == other.chunks_[k]) continue;
    std::span<const int64_t> x = chunk(k), y = other.chunk(k);
    auto order = std::lexicographical_compare_three_way(x.begin(), x.end(), y.begin(), y.end());
    if (order != 0) return order;
  }
  return size_ <=> other.size_;
}

template class BasicCells<true>;
template class BasicCells<false>;

uint32_t ChunkIds::id(const Cells& cells, size_t k) {
  const std::shared_ptr<int64_t[]>& storage = cells.chunks_[k];
  auto known = by_storage_.find(storage.get());
  if (known != by_storage_.end()) return known->second;
  std::span<const int64_t> contents = cells.chunk(k);
  std::string_view bytes(reinterpret_cast<const char*>(contents.data()),
                         contents.size() * sizeof(int64_t));
  auto same = by_contents_.find(bytes);
  uint32_t id =
      same != by_contents_.end() ? same->second : static_cast<uint32_t>(by_contents_.size());
  if (same == by_contents_.end()) by_contents_.emplace(bytes, id);
  kept_.push_back(storage);
  by_storage_.emplace(storage.get(), id);
  return id;
}

} // namespace racelang
