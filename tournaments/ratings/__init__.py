"""Club ratings: every finished game moves its players' ratings (docs/ratings.md). The
rating arithmetic is pure (`tournaments.ranking.ratings`); here, the stored rows and reads."""
