"""The browser's parts below its app (`ec2bench.env.apps.browser`): the task's web app served on loopback
(`site`), a page as text with numbered element refs (`page`), and the two engines that load and drive
pages, headless Chromium and the text-only fallback (`engines`)."""
