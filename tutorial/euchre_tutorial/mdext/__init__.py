"""Python-Markdown extensions of the site: rules text, worked examples and widget fences."""
