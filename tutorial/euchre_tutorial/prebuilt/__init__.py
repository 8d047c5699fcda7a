"""Replies written at build time, so that a learner's first session never waits for the
in-browser engine.

The engine and the presentation layer write, by calling the bridge's own handlers with the
requests the page would send, what a first session needs: the whole default quiz run
(:mod:`~euchre_tutorial.prebuilt.quiz_run`), every lesson
(:mod:`~euchre_tutorial.prebuilt.lesson_steps`) and the first decisions of a few pre-dealt
free-play games (:mod:`~euchre_tutorial.prebuilt.openings`). Each is a JSON file of the
site's ``prebuilt/`` folder (:mod:`~euchre_tutorial.prebuilt.store`: replies keyed by a
key of the widget's state and the learner's choice, their HTML cut into shared pieces),
fetched only by a page whose widget answers from it (``assets/euchre/prebuilt.js``). The
page looks a reply up and draws it as it draws the engine's; once Python runs, Python
answers. Only a site build writes them (:mod:`~euchre_tutorial.prebuilt.publish`); the
browser's Python never imports this package.
"""
