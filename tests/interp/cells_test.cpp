// The interpreter's copy-on-write memory (interp/cells.h) against a plain vector model: random
// copies and writes over sizes around the chunk boundaries, every copy compared with its model
// after every operation (values; equality and ordering against the copy it touched). The broken
// variant that writes shared chunks in place fails the same check. Also: copies share the chunks a
// write did not touch, and the chunk ids of a cache key name contents, whatever the storage.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "interp/cells.h"

namespace racelang {
namespace {

// Runs `rounds` random programs of copies and writes; the first difference from the model, or
// nullopt.
template <bool kCopyOnWrite> std::optional<std::string> first_mismatch(uint32_t rounds) {
  using Memory = BasicCells<kCopyOnWrite>;
  const size_t sizes[] = {0,
                          1,
                          7,
                          Cells::kChunkCells - 1,
                          Cells::kChunkCells,
                          Cells::kChunkCells + 1,
                          3 * Cells::kChunkCells + 17};
  std::mt19937_64 random(20261126);
  for (uint32_t round = 0; round < rounds; ++round) {
    size_t size = sizes[round % std::size(sizes)];
    std::vector<Memory> copies{Memory(size)};
    std::vector<std::vector<int64_t>> models{std::vector<int64_t>(size, 0)};
    for (int op = 0; op < 60; ++op) {
      size_t which = random() % copies.size();
      if (random() % 3 == 0 || size == 0) {
        copies.push_back(copies[which]);
        models.push_back(models[which]);
      } else {
        size_t cell = random() % size;
        int64_t value = static_cast<int64_t>(random() % 4); // few values: equal copies happen
        copies[which].set(cell, value);
        models[which][cell] = value;
      }
      for (size_t i = 0; i < copies.size(); ++i) {
        std::string where = "round " + std::to_string(round) + ", size " + std::to_string(size) +
                            ", op " + std::to_string(op) + ", copy " + std::to_string(i);
        if (copies[i].to_vector() != models[i]) return where + ": values differ";
        // Against the copy just made or written: the pairs this operation can change.
        if ((copies[i] == copies[which]) != (models[i] == models[which]))
          return where + ": == differs from the model's against copy " + std::to_string(which);
        if ((copies[i] <=> copies[which]) != (models[i] <=> models[which]))
          return where + ": <=> differs from the model's against copy " + std::to_string(which);
      }
    }
  }
  return std::nullopt;
}

TEST(Cells, CopiesAndWritesBehaveLikeVectors) {
  auto mismatch = first_mismatch<true>(70);
  EXPECT_FALSE(mismatch.has_value()) << *mismatch;
}

TEST(Cells, WritingSharedChunksInPlaceIsCaught) {
  EXPECT_TRUE(first_mismatch<false>(70).has_value());
}

TEST(Cells, CopiesShareEveryChunkAWriteDidNotTouch) {
  Cells big(10 * Cells::kChunkCells);
  Cells copy = big;
  copy.set(3 * Cells::kChunkCells + 5, 1);
  ASSERT_EQ(big.chunk_count(), copy.chunk_count());
  for (size_t k = 0; k < big.chunk_count(); ++k)
    EXPECT_EQ(big.chunk_identity(k) == copy.chunk_identity(k), k != 3) << "chunk " << k;
  EXPECT_EQ(big[3 * Cells::kChunkCells + 5], 0);
  EXPECT_EQ(copy[3 * Cells::kChunkCells + 5], 1);
}

TEST(Cells, ChunkIdsNameContentsNotStorage) {
  Cells a(2 * Cells::kChunkCells), b(2 * Cells::kChunkCells);
  a.set(1, 7);
  b.set(1, 7); // same contents, different storage
  ChunkIds ids;
  EXPECT_EQ(ids.id(a, 0), ids.id(b, 0));
  EXPECT_EQ(ids.id(a, 1), ids.id(b, 1)); // both still the zero chunk's contents
  EXPECT_NE(ids.id(a, 0), ids.id(a, 1));
  Cells c = a;
  c.set(1, 8); // c's chunk 0 is new storage with new contents
  EXPECT_NE(ids.id(c, 0), ids.id(a, 0));
  // A numbered chunk is kept alive, so writing to a's chunk 0 copies it and its old id stays
  // with the old contents.
  uint32_t before = ids.id(a, 0);
  a.set(1, 8);
  EXPECT_EQ(ids.id(a, 0), ids.id(c, 0));
  EXPECT_EQ(ids.id(b, 0), before);
}

} // namespace
} // namespace racelang
