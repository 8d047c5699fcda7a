"""Tests of the tutorial package: widgets, lessons, quizzes, the bridge."""
