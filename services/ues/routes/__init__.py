"""Every router of the simulator, in the order they are mounted."""

from services.ues.routes.admin import keys_router, logs_router
from services.ues.routes.control import events_router, scenario_router, simulation_router, time_router
from services.ues.routes.email import router as email_router

ROUTERS = [
    time_router,
    simulation_router,
    events_router,
    scenario_router,
    email_router,
    keys_router,
    logs_router,
]
