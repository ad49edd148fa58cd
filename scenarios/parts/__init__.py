"""The part library: every module here registers one part (``green_agent.scenario_kit.part``) — a task a composed
world may hold (the workday family draws its days from them). Adding a part is adding a module."""
