import { useLocation, useNavigate, useParams } from "react-router";
import { parsePage } from "../../../lib/params";
import { ActivitiesView } from "../../activities";
import { DevicePage } from "../dashboard/DevicePage";

export function DeviceActivitiesPage() {
  const page = parsePage(useParams().page);
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <DevicePage>
      {(device) => (
        <ActivitiesView
          scope={{ scope: "device", id: device.id }}
          page={page}
          onPage={(next) =>
            void navigate({ pathname: `/deviceDashboard/${device.id}/activities/${next}`, search })
          }
        />
      )}
    </DevicePage>
  );
}
